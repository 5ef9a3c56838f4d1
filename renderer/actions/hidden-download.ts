/**
 * Downloads `url` the way the export does: a hidden GET form submitted into a hidden frame, the
 * query (and `access_token`) as fields, so the browser saves the file as it streams instead of
 * the page holding it in memory, and the token never has to go in a header.
 */
export function hiddenDownload(url: string, params: Record<string, unknown>): void {
  const [path, search] = url.split('?');
  const fields: Array<[string, string]> = [...new URLSearchParams(search ?? '').entries()];
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') fields.push([k, String(v)]);
  const frameName = `download-frame-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const frame = document.createElement('iframe');
  frame.name = frameName;
  frame.style.display = 'none';
  const form = document.createElement('form');
  form.method = 'GET';
  form.action = path!;
  form.target = frameName;
  form.style.display = 'none';
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.append(frame, form);
  form.submit();
  setTimeout(() => {
    form.remove();
    frame.remove();
  }, 60000);
}
