import type { OutgoingMail } from './mailer';

/** The e-mails identity sends. Plain text: codes and links are the whole message. */
export const MailTemplates = {
  betaCode: (input: { to: string; code: string; ttlMinutes: number; publicUrl: string }): OutgoingMail => ({
    to: input.to,
    subject: 'Your CopyTrade beta code',
    text: [
      'Welcome to the CopyTrade closed beta!',
      '',
      `Your beta code: ${input.code}`,
      '',
      `Enter it with this e-mail address at ${input.publicUrl}/request-beta within ${input.ttlMinutes} minutes.`,
      'If you did not ask for a code, you can ignore this e-mail.',
    ].join('\n'),
  }),

  passwordReset: (input: { to: string; link: string; ttlMinutes: number }): OutgoingMail => ({
    to: input.to,
    subject: 'Reset your CopyTrade password',
    text: [
      'Someone asked to reset the password of your CopyTrade account.',
      '',
      `Choose a new password here (the link works once, for ${input.ttlMinutes} minutes):`,
      input.link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  }),
};
