export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The frame of the pages the server writes before the app's bundle loads (sign-in, sign-up): plain
 * HTML, the app theme's colours (src/theme.ts), which meet WCAG AA contrast; `main` is the landmark.
 */
export function authPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font-family:-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.1);width:320px}
h1{font-size:20px;margin:0 0 24px}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:20px;width:100%;padding:9px;border:0;border-radius:6px;background:#0958d9;color:#fff;font-size:15px;cursor:pointer}
.error{color:#cf1322;font-size:14px;margin-top:12px}.notice{color:#135200;font-size:14px;margin:0 0 12px}
.more{font-size:14px;margin-top:16px;text-align:center}.more a{color:#0958d9}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
</style></head><body>
<main>
${body}
</main></body></html>`;
}

/** The sign-in page of the implicit grant, with a link to the sign-up page when sign-up is open. */
export function loginPage(params: { redirectUri: string; clientId: string; error?: string; username?: string; notice?: string; signUp?: boolean }): string {
  const signUp = `/oauth/public/sign-up?redirect_uri=${encodeURIComponent(params.redirectUri)}`;
  return authPage(
    'Sign in',
    `<form method="post" action="/oauth/oauth/login">
<h1>Sign in · 登录</h1>
${params.notice ? `<p class="notice" role="status">${escape(params.notice)}</p>` : ''}
<input type="hidden" name="redirect_uri" value="${escape(params.redirectUri)}">
<input type="hidden" name="client_id" value="${escape(params.clientId)}">
<label for="username">Username · 用户名</label>
<input id="username" name="username" autocomplete="username" value="${escape(params.username ?? '')}" required autofocus>
<label for="password">Password · 密码</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${params.error ? `<div class="error" role="alert">${escape(params.error)}</div>` : ''}
<button type="submit">Sign in</button>
${params.signUp ? `<p class="more"><a href="${escape(signUp)}">Register a supplier account · 注册供应商账号</a></p>` : ''}
</form>`,
  );
}
