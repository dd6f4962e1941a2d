import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { CROP_ZOOM } from '../utils/avatar-file';

/** A round crop in a square aspect, zoom 1 to 3 in steps of 0.1 (see docs/product.md#owner-settings). */
export function AvatarCropDialog({
  src,
  onCancel,
  onApply,
  applying,
}: {
  src: string | null;
  onCancel: () => void;
  onApply: (area: Area) => void;
  applying: boolean;
}) {
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog
      open={src !== null}
      onClose={onCancel}
      title="Crop Avatar"
      description="Drag to position the image; zoom to fit your avatar in the circle."
      initialFocusSelector="input[type=range]"
    >
      <div className="owner-crop">
        {src ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={CROP_ZOOM.min}
            maxZoom={CROP_ZOOM.max}
            zoomSpeed={CROP_ZOOM.step}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        ) : null}
      </div>
      <div className="owner-crop__zoom">
        <Label htmlFor={zoomId}>Zoom</Label>
        <input
          id={zoomId}
          type="range"
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          aria-valuetext={`${zoom.toFixed(1)}×`}
        />
        <span className="tabular">{zoom.toFixed(1)}×</span>
      </div>
      <DialogFooter>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => area && onApply(area)} disabled={!area || applying}>
          {applying ? 'Cropping...' : 'Apply Crop'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
