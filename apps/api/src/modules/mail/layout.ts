const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The HTML document every mail shares: the product's name as heading and the greeting, over `body` (HTML
 * paragraphs, already escaped). Digests with several messages are a little wider.
 */
export function mailDocument(
  frame: { productName: string; greeting: string; width?: 560 | 640 },
  body: string,
): string {
  const name = escapeHtml(frame.productName);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${name}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:16px;line-height:1.5">
<div style="max-width:${frame.width ?? 560}px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px">${name}</h1>
<p style="margin:0 0 16px">${escapeHtml(frame.greeting)}</p>
${body}
</div>
</body>
</html>
`;
}

export type MailContent = {
  productName: string;
  greeting: string;
  paragraphs: string[];
  /** `secret`: the URL carries a token only the recipient may see (the outbox keeps it redacted). */
  action: { label: string; url: string; secret?: boolean };
  footnote: string;
};

/**
 * One plain, readable layout for every mail: a text part and a simple HTML part saying the same, and
 * the values the mailer must keep out of the outbox and the log (`secrets`).
 */
export function renderMail(content: MailContent): { text: string; html: string; secrets: string[] } {
  const { productName, greeting, paragraphs, action, footnote } = content;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action.label}: ${action.url}`,
    '',
    footnote,
    '',
    `— ${productName}`,
    '',
  ].join('\n');
  const p = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = mailDocument(
    { productName, greeting },
    `${paragraphs.map((x) => p(escapeHtml(x))).join('\n')}
${p(`<a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a>`)}
${p(`If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a>`)}
<p style="margin:0;color:#616e7c;font-size:14px">${escapeHtml(footnote)}</p>`,
  );
  return { text, html, secrets: action.secret ? [action.url] : [] };
}
