import {
  FEEDBACK_TYPES,
  FeedbackMessages,
  FeedbackRules,
  canSendFeedback,
  type FeedbackType,
} from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { collectBrowserInfo, feedbackErrorMessage, useSubmitFeedback } from '../api/submit-feedback';

const TYPE_LABELS: Record<FeedbackType, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  improvement: 'Improvement',
  general: 'General Feedback',
  other: 'Other',
};
const TYPE_OPTIONS = FEEDBACK_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

export const FEEDBACK_SENT_TITLE = 'Feedback sent!';

/**
 * 'Send Feedback' (docs/product.md#feedback-dialog): type, message, the user's own e-mail (read-only) and the
 * current page. Send stays disabled while type or message is empty or while sending. Success toasts,
 * resets the form and closes; failure toasts 'Error' with the server's message.
 */
export function FeedbackDialog({
  open,
  onClose,
  email,
  page,
}: {
  open: boolean;
  onClose: () => void;
  email: string;
  page: string;
}) {
  const id = useId();
  const [type, setType] = useState<FeedbackType | ''>('');
  const [message, setMessage] = useState('');
  const submit = useSubmitFeedback();
  const sendable = canSendFeedback({ type, message, sending: submit.isPending });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sendable || type === '') return;
    const browserInfo = collectBrowserInfo();
    submit.mutate(
      { type, message: message.trim(), email, page, userAgent: browserInfo.userAgent, browserInfo },
      {
        onSuccess: () => {
          toast.success(FEEDBACK_SENT_TITLE, { description: FeedbackMessages.received });
          setType('');
          setMessage('');
          onClose();
        },
        onError: (error) => {
          toast.error('Error', { description: feedbackErrorMessage(error) });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!submit.isPending) onClose();
      }}
      title="Send Feedback"
      description="Tell us what works, what doesn't and what you'd like to see. Thanks for helping shape the beta."
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <Field>
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select
            id={`${id}-type`}
            name="type"
            required
            placeholder="Select a feedback type"
            options={TYPE_OPTIONS}
            value={type}
            onValueChange={(value) => setType(value as FeedbackType)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea
            id={`${id}-message`}
            name="message"
            required
            rows={5}
            maxLength={FeedbackRules.messageMaxLength}
            placeholder="Describe the issue or idea..."
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        <div className="form__row">
          <Field>
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              value={email}
              readOnly
              aria-readonly="true"
              className="input--readonly"
            />
          </Field>
          <Field>
            <Label htmlFor={`${id}-page`}>Page</Label>
            <Input
              id={`${id}-page`}
              name="page"
              value={page}
              readOnly
              aria-readonly="true"
              className="input--readonly"
            />
          </Field>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!sendable}>
            {submit.isPending ? 'Sending...' : 'Send Feedback'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
