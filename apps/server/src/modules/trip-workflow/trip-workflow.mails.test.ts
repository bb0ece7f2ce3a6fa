import { describe, expect, it } from 'vitest';
import { decisionRequestMail, finalDecisionMail } from './trip-workflow.mails.ts';

const unnumbered = { kind: 'delegationOrder' as const, id: 6, number: null, employeeName: 'Jan Testowy', startDate: '2026-05-04', endDate: '2026-05-06' };

describe('trip document e-mails', () => {
  it('name a document without a number by its trip dates, never by its internal id', () => {
    const request = decisionRequestMail({ to: 'a@example.com', language: 'pl-PL', document: unnumbered, appLink: 'https://app/x', actionLink: null, expiresDays: 7 });
    expect(request.subject).toBe('Delego: Polecenie wyjazdu (04.05.2026 – 06.05.2026) czeka na Twoją decyzję');
    expect(request.text.split('\n')[0]).toBe('Polecenie wyjazdu – Jan Testowy (04.05.2026 – 06.05.2026) czeka na Twoją decyzję.');
    const final = finalDecisionMail({ to: 'a@example.com', language: 'en-US', document: unnumbered, outcome: 'rejected', comment: '', appLink: 'https://app/x' });
    expect(final.subject).toBe('Delego: Trip order (05/04/2026 – 05/06/2026) was rejected');
    expect(`${request.subject}${request.text}${final.subject}${final.text}`).not.toContain('#6');
  });

  it('write a trip’s times in the recipient’s language, leaving out the end’s day when the trip ends the day it starts', () => {
    const sameDay = { ...unnumbered, startDate: '2026-05-04 06:30', endDate: '2026-05-04 21:15' };
    expect(decisionRequestMail({ to: 'a@example.com', language: 'pl-PL', document: sameDay, appLink: 'https://app/x', actionLink: null, expiresDays: 7 }).subject).toBe(
      'Delego: Polecenie wyjazdu (04.05.2026 06:30 – 21:15) czeka na Twoją decyzję',
    );
    expect(finalDecisionMail({ to: 'a@example.com', language: 'en-US', document: sameDay, outcome: 'accepted', comment: '', appLink: 'https://app/x' }).subject).toBe(
      'Delego: Trip order (05/04/2026 06:30 AM – 09:15 PM) was accepted',
    );
  });

  it('name a numbered document by its number', () => {
    const request = decisionRequestMail({ to: 'a@example.com', language: 'en-US', document: { ...unnumbered, kind: 'delegation', number: 'DEL/3/2026' }, appLink: 'https://app/x', actionLink: null, expiresDays: 7 });
    expect(request.subject).toBe('Delego: Trip settlement no. DEL/3/2026 awaits your decision');
    expect(request.text.split('\n')[0]).toBe('Trip settlement no. DEL/3/2026 of Jan Testowy (05/04/2026 – 05/06/2026) awaits your decision.');
  });
});
