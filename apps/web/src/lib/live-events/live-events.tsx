import { useLiveEvents } from './use-live-events';

/** The live push as a component, so the shell can load it after the page (it is not needed to draw anything). */
export default function LiveEvents({ userId }: { userId: string | undefined }): null {
  useLiveEvents(userId);
  return null;
}
