/** What the audit trail page says. */
export const auditTexts = {
  entryCount: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`,
  noMatch: 'No entry matches these filters.',
  noEntries: 'No actions recorded yet.',
  anyAdmin: 'Any admin',
  anyAction: 'Any action',
  badDay: 'A day as YYYY-MM-DD',
} as const;
