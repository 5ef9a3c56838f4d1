const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sign-in page of the implicit grant: plain HTML so it works before the app's bundle loads.
 * Its colours are the app theme's (src/theme.ts), which meet WCAG AA contrast; `main` is the page's landmark.
 */
export function loginPage(params: { redirectUri: string; clientId: string; error?: string; username?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in</title>
<style>
body{font-family:-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.1);width:320px}
h1{font-size:20px;margin:0 0 24px}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:20px;width:100%;padding:9px;border:0;border-radius:6px;background:#0958d9;color:#fff;font-size:15px;cursor:pointer}
.error{color:#cf1322;font-size:14px;margin-top:12px}
</style></head><body>
<main>
<form method="post" action="/oauth/oauth/login">
<h1>Sign in · 登录</h1>
<input type="hidden" name="redirect_uri" value="${escape(params.redirectUri)}">
<input type="hidden" name="client_id" value="${escape(params.clientId)}">
<label for="username">Username · 用户名</label>
<input id="username" name="username" autocomplete="username" value="${escape(params.username ?? '')}" required autofocus>
<label for="password">Password · 密码</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${params.error ? `<div class="error" role="alert">${escape(params.error)}</div>` : ''}
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}
