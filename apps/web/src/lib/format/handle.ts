/** Handles are shown with their leading '@'. */
export const formatHandle = (handle: string): string => (handle.startsWith('@') ? handle : `@${handle}`);
