import { Badge } from './badge';
import './account-name.css';

/** A brokerage account's name with its badges: "Primary" (the copy-trading account) and "Paper". */
export function AccountName({
  name,
  primary = false,
  paper = false,
}: {
  name: string;
  primary?: boolean;
  paper?: boolean;
}) {
  return (
    <span className="account-cell">
      <span className="account-cell__name">{name}</span>
      {primary ? <Badge variant="new">Primary</Badge> : null}
      {paper ? <Badge variant="warning">Paper</Badge> : null}
    </span>
  );
}
