import { escapeHtml } from './layout.ts';

/**
 * The small page an unsubscribe link answers (the digest's and the notification mails'). With a button,
 * its one-click action is a POST (RFC 8058): a mail link scanner that follows the link changes nothing.
 */
export function unsubscribePage(
  productName: string,
  title: string,
  body: string,
  button?: { action: string },
) {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="margin-top:24px;padding:10px 20px;border:0;border-radius:4px;background:#1c7ed6;color:#fff;font-size:16px;cursor:pointer">Unsubscribe</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<main style="max-width:480px;margin:48px auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
<p style="margin:0">${escapeHtml(body)}</p>${form}
<p style="margin:24px 0 0;color:#616e7c;font-size:14px">${escapeHtml(productName)}</p>
</main>
</body>
</html>
`;
}
