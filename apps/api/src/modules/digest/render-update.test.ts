import { describe, expect, it } from 'vitest';
import { missedMessagesMail } from '../chat/missed-mail.ts';
import { renderUpdateText } from './render-update.ts';

describe('the text/plain part of update and chat mails', () => {
  it('shows &, <, > and quotes as written, with every tag taken out', () => {
    expect(renderUpdateText('Tom & Jerry: a < b && "c" > d <script>alert(1)</script><b>bold</b>')).toBe(
      'Tom & Jerry: a < b && "c" > d bold',
    );
  });

  it("the missed-message mail's text says Q&A, not Q&amp;A", () => {
    const mail = missedMessagesMail({
      productName: 'Delivery Desk',
      recipientName: 'Carla',
      timezone: 'Europe/Berlin',
      projectTitle: 'Shop',
      chatUrl: 'https://dd.test/project/chat/1',
      unsubscribeUrl: 'https://dd.test/api/chat/unsubscribe?token=x',
      messages: [
        { authorName: 'Amy', markdown: 'Q&A at 3 <-> 4', createdAt: new Date('2027-01-01T10:00:00Z') },
      ],
    });
    expect(mail.text).toContain('Q&A at 3 <-> 4');
    expect(mail.text).not.toContain('&amp;');
    expect(mail.html).toContain('Q&amp;A');
  });
});
