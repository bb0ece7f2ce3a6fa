import type { MailMessage } from '../mail/mailer.ts';

/**
 * The password-change e-mail in the user's language. E-mails are rendered on the
 * server, so their texts live here rather than in the web's locale files.
 */
export function passwordChangeMail(input: { to: string; language: string; link: string; login: string; minutes: number }): MailMessage {
  if (input.language === 'en-US') {
    return {
      to: input.to,
      subject: 'Delego: password change',
      text: [
        `A password change was requested for the account "${input.login}".`,
        `To set a new password, open this link within ${input.minutes} minutes (it works once):`,
        input.link,
        '',
        'If you did not ask for it, ignore this message; your password stays unchanged.',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: 'Delego: zmiana hasła',
    text: [
      `Poproszono o zmianę hasła do konta „${input.login}”.`,
      `Aby ustawić nowe hasło, otwórz ten link w ciągu ${input.minutes} minut (działa jeden raz):`,
      input.link,
      '',
      'Jeśli to nie Ty, zignoruj tę wiadomość; hasło pozostanie bez zmian.',
    ].join('\n'),
  };
}

/** The e-mail to a company's first administrator: the account exists, the link sets its first password. */
export function accountCreatedMail(input: { to: string; language: string; link: string; login: string; companyCode: string; companyName: string; days: number }): MailMessage {
  if (input.language === 'en-US') {
    return {
      to: input.to,
      subject: 'Delego: your administrator account',
      text: [
        `An administrator account "${input.login}" was created for ${input.companyName}.`,
        `To set your password, open this link within ${input.days} days (it works once):`,
        input.link,
        '',
        `Then log in with the company "${input.companyCode}" and the login "${input.login}".`,
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: 'Delego: Twoje konto administratora',
    text: [
      `Utworzono konto administratora „${input.login}” dla firmy ${input.companyName}.`,
      `Aby ustawić hasło, otwórz ten link w ciągu ${input.days} dni (działa jeden raz):`,
      input.link,
      '',
      `Następnie zaloguj się, podając firmę „${input.companyCode}” i login „${input.login}”.`,
    ].join('\n'),
  };
}
