import type { PostView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { HeartIcon, MessageIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useDeletePost } from '../api/manage-posts';
import { formatDateTime } from '@/lib/format/date';
import { serverMessageOr } from '../utils/trade-errors';
import { PostDialog } from './post-dialog';

/** Content (docs/product.md#owner-dashboard): the owner's posts (pinned first), each editable and deletable. */
export function ContentTab({ traceId, posts, onCreate }: { traceId: string; posts: PostView[]; onCreate: () => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState<PostView | null>(null);
  const remove = useDeletePost(traceId);

  const confirmDelete = (post: PostView) => {
    if (!window.confirm(`Delete the post "${post.title}"? This cannot be undone.`)) return;
    remove.mutate(post.id, {
      onSuccess: (response) => toast.success('Post Deleted', { description: response.message }),
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to delete post')),
    });
  };

  return (
    <TitledCard
      titleId={titleId}
      title="Posts"
      titleAs="h2"
      description="What you publish on your trace page."
      action={
        <Button size="sm" variant="outline" onClick={onCreate}>
          New Post
        </Button>
      }
    >
      {posts.length === 0 ? (
        <div className="empty-state">
          <MessageIcon size={20} className="empty-state__icon" />
          <p className="empty-state__title">No posts yet</p>
          <p className="empty-state__text">Share your analysis with subscribers: use Create Post.</p>
        </div>
      ) : (
        <ul className="owner-posts">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="owner-post" aria-label={post.title}>
                <div className="owner-post__head">
                  <h3 className="owner-post__title">{post.title}</h3>
                  <div className="owner-post__badges">
                    {post.isPinned ? <Badge variant="warning">Pinned</Badge> : null}
                    <Badge variant={post.isPublic ? 'success' : 'muted'}>
                      {post.isPublic ? 'Public' : 'Subscribers only'}
                    </Badge>
                  </div>
                </div>
                <p className="owner-post__content">{post.content}</p>
                <div className="owner-post__foot">
                  <span className="owner-post__meta">
                    {formatDateTime(post.createdAt)} · <HeartIcon size={12} /> {post.likeCount}{' '}
                    <span className="sr-only">likes</span> · <MessageIcon size={12} /> {post.commentCount}{' '}
                    <span className="sr-only">comments</span>
                  </span>
                  <div className="owner-post__actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(post)}
                      aria-label={`Edit ${post.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => confirmDelete(post)}
                      disabled={remove.isPending && remove.variables === post.id}
                      aria-label={`Delete ${post.title}`}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <PostDialog
        key={editing?.id ?? 'none'}
        traceId={traceId}
        open={editing !== null}
        post={editing ?? undefined}
        onClose={() => setEditing(null)}
      />
    </TitledCard>
  );
}
