import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MessageIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/auth';
import { FeedbackDialog } from './feedback-dialog';

/**
 * The floating beta feedback button (docs/product.md#feedback-dialog): only for signed-in users; opens 'Send Feedback'
 * with the user's e-mail and the page they are on.
 */
export function FeedbackButton() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        className="feedback-fab"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MessageIcon size={16} />
        <span>Beta Feedback</span>
      </button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} email={user.email} page={pathname} />
    </>
  );
}
