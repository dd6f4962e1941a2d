import type { PostView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { HeartIcon, LockIcon, MessageIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format/date';
import { formatWhole } from '@/lib/format/trade';

/** Posts, pinned first (the server's order otherwise): title, date, text, like and comment counts. */
export function PostList({ posts, showVisibility = false }: { posts: readonly PostView[]; showVisibility?: boolean }) {
  const ordered = [...posts].sort((a, b) => Number(b.isPinned) - Number(a.isPinned));
  return (
    <ul className="trace-posts">
      {ordered.map((post) => (
        <li key={post.id}>
          <article className="trace-post" aria-labelledby={`post-${post.id}`}>
            <header className="trace-post__header">
              <h3 id={`post-${post.id}`} className="trace-post__title">
                {post.title}
              </h3>
              <div className="trace-post__badges">
                {post.isPinned ? <Badge variant="new">Pinned</Badge> : null}
                {showVisibility && !post.isPublic ? (
                  <Badge variant="muted">
                    <LockIcon size={11} />
                    Subscribers only
                  </Badge>
                ) : null}
              </div>
            </header>
            <p className="trace-post__date muted small">
              <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
            </p>
            <p className="trace-post__content">{post.content}</p>
            <p className="trace-post__meta muted small">
              <span>
                <HeartIcon size={12} />
                {formatWhole(post.likeCount)} {post.likeCount === 1 ? 'like' : 'likes'}
              </span>
              <span>
                <MessageIcon size={12} />
                {formatWhole(post.commentCount)} {post.commentCount === 1 ? 'comment' : 'comments'}
              </span>
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
