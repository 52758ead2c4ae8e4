import { DateTime } from 'luxon';
import { renderMarkdownHtml } from '../../lib/render-markdown.ts';
import { escapeHtml, mailDocument } from '../mail/layout.ts';
import { renderUpdateText } from './render-update.ts';

export type DigestUpdate = {
  projectId: number;
  projectTitle: string;
  reporterName: string | null;
  markdown: string;
  createdAt: Date;
};

export type DigestWaiting = { projectId: number; projectTitle: string; count: number };

/** 'N tasks wait for your review' (one task waits). */
export const waitingLine = (count: number) =>
  `${count} ${count === 1 ? 'task waits' : 'tasks wait'} for your review`;

export type DigestMail = {
  productName: string;
  recipientName: string;
  timezone: string;
  publicUrl: string;
  updates: DigestUpdate[];
  /** Delivered tasks waiting for the client's review, per project (docs/adr/0021). */
  waiting?: DigestWaiting[];
  /** The signed one-click unsubscribe URL (also in the List-Unsubscribe header). */
  unsubscribeUrl: string;
};

const when = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).setLocale('en-US').toFormat('cccc, LLLL d, h:mm a');

/**
 * The client's daily digest (docs/product.md §F2): the updates posted on their projects since the last digest,
 * grouped by project, oldest first, each rendered from its markdown through the safe renderer. Every
 * value from a person (project title, names) is escaped; update bodies are sanitized HTML.
 */
export function digestMail(mail: DigestMail) {
  const byProject = new Map<number, DigestUpdate[]>();
  for (const update of mail.updates) {
    const list = byProject.get(update.projectId) ?? [];
    list.push(update);
    byProject.set(update.projectId, list);
  }
  const count = mail.updates.length;
  const waiting = mail.waiting ?? [];
  const waitingTotal = waiting.reduce((sum, w) => sum + w.count, 0);
  const subject =
    count > 0
      ? `${count} new ${count === 1 ? 'update' : 'updates'} on your projects`
      : waitingLine(waitingTotal);
  const textParts = [`Hello ${mail.recipientName},`, ''];
  const htmlParts: string[] = [];
  if (waitingTotal > 0) {
    textParts.push(`${waitingLine(waitingTotal)}:`);
    const items: string[] = [];
    for (const w of waiting) {
      const link = `${mail.publicUrl}/project/daily-updates/${w.projectId}`;
      textParts.push(`- ${w.projectTitle}: ${w.count} (${link})`);
      items.push(
        `<li><a href="${escapeHtml(link)}" style="color:#1c7ed6">${escapeHtml(w.projectTitle)}</a>: ${w.count}</li>`,
      );
    }
    textParts.push('');
    htmlParts.push(
      `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(waitingLine(waitingTotal))}:</p>`,
      `<ul style="margin:0 0 16px">${items.join('')}</ul>`,
    );
  }
  if (count > 0) {
    textParts.push('Here is what the team posted since the last digest.', '');
    htmlParts.push('<p style="margin:0 0 16px">Here is what the team posted since the last digest.</p>');
  }
  for (const [projectId, updates] of byProject) {
    const title = updates[0]!.projectTitle;
    const link = `${mail.publicUrl}/project/daily-updates/${projectId}`;
    textParts.push(`== ${title} ==`, link, '');
    htmlParts.push(
      `<h2 style="margin:24px 0 8px;font-size:18px"><a href="${escapeHtml(link)}" style="color:#1c7ed6">${escapeHtml(title)}</a></h2>`,
    );
    for (const update of updates) {
      const by = `${when(update.createdAt, mail.timezone)}${update.reporterName ? `, ${update.reporterName}` : ''}`;
      textParts.push(`-- ${by}`, renderUpdateText(update.markdown), '');
      htmlParts.push(
        `<p style="margin:16px 0 4px;color:#616e7c;font-size:14px">${escapeHtml(by)}</p>`,
        `<div style="border-left:3px solid #dee2e6;padding-left:12px">${renderMarkdownHtml(update.markdown)}</div>`,
      );
    }
  }
  const footnote = `You receive this daily digest (at 08:00, ${mail.timezone}) because you are a client on these projects.`;
  textParts.push(footnote, `Unsubscribe: ${mail.unsubscribeUrl}`, '', `— ${mail.productName}`, '');
  const html = mailDocument(
    { productName: mail.productName, greeting: `Hello ${mail.recipientName},`, width: 640 },
    `${htmlParts.join('\n')}
<p style="margin:32px 0 0;color:#616e7c;font-size:14px">${escapeHtml(footnote)} <a href="${escapeHtml(mail.unsubscribeUrl)}">Unsubscribe</a></p>`,
  );
  return {
    subject,
    // About a project: people may answer it (docs/product.md §D10), so it is no auto-generated notice.
    invitesAnswer: true,
    text: textParts.join('\n'),
    html,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer "Unsubscribe" and POST List-Unsubscribe=One-Click to it.
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    // The link turns this client's digest off: kept out of the outbox like every other personal link.
    secrets: [mail.unsubscribeUrl],
  };
}
