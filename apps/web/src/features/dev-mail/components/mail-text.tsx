import { Fragment } from 'react';
import { Link } from 'react-router-dom';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/**
 * A mail's plain text with its links made clickable. A link into this app opens here (same origin), so
 * the mailbox works whatever PUBLIC_URL the server was given.
 */
export function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <pre className="mail__text">
      {parts.map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        let url: URL | null = null;
        try {
          url = new URL(part);
        } catch {
          url = null;
        }
        if (!url) return <Fragment key={index}>{part}</Fragment>;
        return (
          <Link key={index} to={`${url.pathname}${url.search}${url.hash}`} className="text-link">
            {part}
          </Link>
        );
      })}
    </pre>
  );
}
