import type { OwnerTraceView } from '@copytrade/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Area } from 'react-easy-crop';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';
import { avatarDeleteError, avatarUploadError, checkAvatarFile } from '../utils/avatar-file';
import { cropToJpeg, readAsDataUrl } from '../utils/crop-image';
import { AvatarCropDialog } from './avatar-crop-dialog';

/**
 * A simulated progress (docs/product.md#owner-settings): it climbs towards 90 % while the upload runs, then 100 % when
 * it is done.
 */
function useSimulatedProgress(active: boolean) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    setProgress(10);
    const timer = window.setInterval(() => setProgress((current) => Math.min(90, current + 10)), 200);
    return () => window.clearInterval(timer);
  }, [active]);
  return [progress, setProgress] as const;
}

/**
 * The avatar (docs/product.md#owner-settings): choose, crop, apply, preview, save (upload); remove the preview; delete
 * the saved one.
 */
export function AvatarCard({ traceId, trace }: { traceId: string; trace: OwnerTraceView }) {
  const titleId = useId();
  const fileId = useId();
  const progressId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const [preview, setPreview] = useState<{ blob: Blob; dataUrl: string } | null>(null);
  const upload = useUploadAvatar(traceId);
  const remove = useDeleteAvatar(traceId);
  const [progress, setProgress] = useSimulatedProgress(upload.isPending);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    try {
      setSource(await readAsDataUrl(file));
    } catch {
      toast.error('Invalid File Type', { description: 'Please select an image file' });
    }
  };

  const apply = async (area: Area) => {
    if (!source) return;
    setCropping(true);
    try {
      setPreview(await cropToJpeg(source, area));
      setSource(null);
    } catch {
      toast.error('Crop Failed', { description: 'The image could not be cropped. Please try another image.' });
    } finally {
      setCropping(false);
    }
  };

  const save = () => {
    if (!preview) return;
    upload.mutate(preview.blob, {
      onSuccess: (response) => {
        setProgress(100);
        setPreview(null);
        toast.success('Avatar Updated', { description: response.message });
      },
      onError: (error) => {
        setProgress(0);
        const notice = avatarUploadError(error);
        toast.error(notice.title, { description: notice.description });
      },
    });
  };

  const deleteSaved = () =>
    remove.mutate(undefined, {
      onSuccess: (response) => toast.success('Avatar Deleted', { description: response.message }),
      onError: (error) => {
        const notice = avatarDeleteError(error);
        toast.error(notice.title, { description: notice.description });
      },
    });

  return (
    <TitledCard
      titleId={titleId}
      title="Avatar"
      titleAs="h2"
      description="A square image, cropped to a circle. JPEG, PNG or GIF up to 5MB."
    >
      <div className="owner-avatar">
        <Avatar
          src={preview?.dataUrl ?? trace.avatar}
          name={trace.name}
          size={88}
          label={preview ? 'Avatar preview' : `${trace.name} avatar`}
          className="owner-avatar__image"
        />
        <div className="owner-avatar__controls">
          <label htmlFor={fileId} className="sr-only">
            Avatar image file
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => void choose(event)}
          />
          {preview ? (
            <div className="button-row">
              <Button variant="primary" size="sm" onClick={save} disabled={upload.isPending}>
                {upload.isPending ? 'Uploading...' : 'Save Avatar'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setPreview(null)} disabled={upload.isPending}>
                Remove Preview
              </Button>
            </div>
          ) : (
            <div className="button-row">
              <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
                Choose Image
              </Button>
              {trace.avatar ? (
                <Button variant="danger" size="sm" onClick={deleteSaved} disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete Avatar'}
                </Button>
              ) : null}
            </div>
          )}
          {upload.isPending ? (
            <div className="owner-avatar__progress">
              <span id={progressId} className="small muted">
                Uploading avatar
              </span>
              <div
                className="owner-progress"
                role="progressbar"
                aria-labelledby={progressId}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <div className="owner-progress__bar" style={{ width: `${progress}%` }} />
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <AvatarCropDialog
        key={source ?? 'none'}
        src={source}
        onCancel={() => setSource(null)}
        onApply={(area) => void apply(area)}
        applying={cropping}
      />
    </TitledCard>
  );
}
