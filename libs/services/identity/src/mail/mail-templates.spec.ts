import { registrationAttemptMail, verificationMail } from './mail-templates';

describe('identity mail', () => {
  it('puts the verification token on its own line and in the link', () => {
    const mail = verificationMail({ to: 'a@b.io', token: 'tok_-123', publicBaseUrl: 'https://api.example.com', ttlSeconds: 172800 });
    const lines = mail.text.split('\n');
    expect(lines).toContain('Verification token: tok_-123');
    expect(lines).toContain('https://api.example.com/v1/auth/verify-email?token=tok_-123');
    expect(mail.text).toContain('48 hours');
  });

  it('tells the owner of an existing address about a registration attempt without any token', () => {
    const mail = registrationAttemptMail({ to: 'a@b.io', publicBaseUrl: 'http://localhost:8080' });
    expect(mail.subject).toMatch(/tried to register/);
    expect(mail.text).not.toMatch(/token/i);
  });
});
