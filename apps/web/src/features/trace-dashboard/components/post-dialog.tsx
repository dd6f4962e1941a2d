import type { PostView } from '@copytrade/contracts';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '@copytrade/contracts/http/traces/owner-profile.rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useSavePost } from '../api/manage-posts';
import { serverMessageOr } from '../utils/trade-errors';

/** Create a post ('Create Post', Content's New Post) or edit one: title, content, who sees it, pinned. */
export function PostDialog({
  traceId,
  open,
  onClose,
  post,
}: {
  traceId: string;
  open: boolean;
  onClose: () => void;
  post?: PostView;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={post ? 'Edit Post' : 'Create Post'}
      description="Public posts are the free preview on your trace page; the others are for your subscribers."
    >
      {open ? <PostForm traceId={traceId} post={post} onDone={onClose} /> : null}
    </Dialog>
  );
}

function PostForm({ traceId, post, onDone }: { traceId: string; post?: PostView; onDone: () => void }) {
  const ids = { title: useId(), content: useId(), error: useId() };
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [isPublic, setIsPublic] = useState(post?.isPublic ?? false);
  const [isPinned, setIsPinned] = useState(post?.isPinned ?? false);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePost(traceId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('title is required');
    if (!content.trim()) return setError('content is required');
    setError(null);
    save.mutate(
      { postId: post?.id, input: { title: title.trim(), content: content.trim(), isPublic, isPinned } },
      {
        onSuccess: (response) => {
          toast.success(post ? 'Post Updated' : 'Post Created', { description: response.message });
          onDone();
        },
        onError: (failure) => toast.error(serverMessageOr(failure, 'Failed to save post')),
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field>
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          value={title}
          maxLength={POST_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={error ? ids.error : undefined}
          required
        />
      </Field>
      <Field>
        <Label htmlFor={ids.content}>Content</Label>
        <Textarea
          id={ids.content}
          rows={6}
          value={content}
          maxLength={POST_CONTENT_MAX}
          onChange={(event) => setContent(event.target.value)}
          required
        />
      </Field>
      <fieldset className="owner-fieldset">
        <legend className="field__label">Visibility</legend>
        <label className="owner-choice">
          <input type="radio" name="visibility" checked={isPublic} onChange={() => setIsPublic(true)} />
          Public (free preview)
        </label>
        <label className="owner-choice">
          <input type="radio" name="visibility" checked={!isPublic} onChange={() => setIsPublic(false)} />
          Subscribers only
        </label>
      </fieldset>
      <label className="owner-choice">
        <input type="checkbox" checked={isPinned} onChange={(event) => setIsPinned(event.target.checked)} />
        Pin to the top
      </label>
      {error ? (
        <FieldHint id={ids.error} tone="error">
          {error}
        </FieldHint>
      ) : null}
      <DialogFooter>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : post ? 'Save Post' : 'Publish Post'}
        </Button>
      </DialogFooter>
    </form>
  );
}
