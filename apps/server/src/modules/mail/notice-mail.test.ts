import { describe, expect, it } from 'vitest';
import { noticeMail } from '#app/modules/mail/notice-mail';

describe('noticeMail', () => {
  const mail = noticeMail({
    to: 'owner@example.com',
    subject: 'Pfahlplaner: Test',
    sections: [
      {
        lang: 'de',
        paragraphs: [
          'Firma <b>"A & B"</b>.',
          'Hier verlängern: https://app.example.com/account?tab=payment.',
        ],
        signature: 'Ihr Pfahlplaner-Team',
      },
      { lang: 'en', paragraphs: ['Hello,'], signature: 'Your Pfahlplaner team' },
    ],
    publicUrl: 'https://app.example.com',
  });

  it('escapes what the company typed and links web addresses without the sentence mark', () => {
    expect(mail.html).toContain('Firma &lt;b&gt;&quot;A &amp; B&quot;&lt;/b&gt;.');
    expect(mail.html).toContain(
      '<a href="https://app.example.com/account?tab=payment">https://app.example.com/account?tab=payment</a>.',
    );
    expect(mail.html).not.toContain('<b>');
  });

  it('carries the languages in order, in the text part too, separated', () => {
    expect(mail.html).toContain('<div lang="de">');
    expect(mail.html.indexOf('lang="de"')).toBeLessThan(mail.html.indexOf('<div lang="en">'));
    expect(mail.text).toBe(
      'Firma <b>"A & B"</b>.\n\nHier verlängern: https://app.example.com/account?tab=payment.\n\nIhr Pfahlplaner-Team\n\n----\n\nHello,\n\nYour Pfahlplaner team\n\nhttps://app.example.com\n',
    );
  });
});
