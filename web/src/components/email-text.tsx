/**
 * An email in a narrow column: it may wrap before its "@" and nowhere else, so the name and the domain
 * each stay whole ("nina4" above "@example.com", never "nina4@example.co" above "m").
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span style={{ whiteSpace: 'nowrap' }}>{email}</span>;
  return (
    <span style={{ whiteSpace: 'normal' }}>
      <span style={{ whiteSpace: 'nowrap' }}>{email.slice(0, at)}</span>
      <wbr />
      <span style={{ whiteSpace: 'nowrap' }}>{email.slice(at)}</span>
    </span>
  );
}
