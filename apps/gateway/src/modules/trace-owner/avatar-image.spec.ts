import { OwnerProfileMessages } from '@copytrade/contracts';
import sharp from 'sharp';
import { imageTypeOf, reencodeAvatar } from './avatar-image';

/** The GPS IFD pointer tag (0x8825) as it appears in a little-endian EXIF block (libvips writes Intel order). */
const GPS_POINTER = Buffer.from([0x25, 0x88]);
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } });

async function jpegWithGps(): Promise<Buffer> {
  return photo(1200, 900)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'home-of-the-owner', Make: 'PhoneCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2440/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 40/1',
      },
    })
    .toBuffer();
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string; message: string }) => `${error.status} ${error.code} ${error.message}`,
  );

describe('avatar re-encoding', () => {
  it('a JPEG with EXIF GPS comes back as a bounded JPEG with no metadata at all', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(GPS_POINTER)).toBe(true);
    expect(input.includes(Buffer.from('home-of-the-owner'))).toBe(true);

    const { data, width, height } = await reencodeAvatar(input);
    const after = await sharp(data).metadata();
    expect(after.format).toBe('jpeg');
    expect([width, height, after.width, after.height]).toEqual([512, 384, 512, 384]);
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(data.includes(EXIF_HEADER)).toBe(false);
    expect(data.includes(Buffer.from('home-of-the-owner'))).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation before the metadata goes', async () => {
    // 600 × 300 stored, orientation 6 (rotate 90° clockwise to view): upright it is portrait.
    const input = await photo(600, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { width, height } = await reencodeAvatar(input);
    expect([width, height]).toEqual([256, 512]);
  });

  it('keeps a small image its size and puts a transparent PNG on white', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { data, width, height } = await reencodeAvatar(png);
    expect([width, height]).toEqual([40, 20]);
    const { data: pixels } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...pixels.subarray(0, 3))).toBeGreaterThan(245);
  });

  it('accepts a GIF (its first frame)', async () => {
    const gif = await photo(64, 64).gif().toBuffer();
    expect(imageTypeOf(gif)).toBe('gif');
    const { data } = await reencodeAvatar(gif);
    expect((await sharp(data).metadata()).format).toBe('jpeg');
  });

  it('refuses what is not a JPEG, PNG or GIF by its bytes, whatever it is called', async () => {
    const text = Buffer.from('this is a text file named avatar.png\n');
    expect(imageTypeOf(text)).toBeNull();
    expect(await outcome(reencodeAvatar(text))).toBe(
      `415 AVATAR_UNSUPPORTED_TYPE ${OwnerProfileMessages.avatarUnsupportedType}`,
    );
    const webp = await photo(10, 10).webp().toBuffer();
    expect(await outcome(reencodeAvatar(webp))).toMatch(/^415 /);
  });

  it('refuses a truncated image and a decompression bomb with 415', async () => {
    const input = await jpegWithGps();
    expect(await outcome(reencodeAvatar(input.subarray(0, 200)))).toMatch(/^415 AVATAR_UNSUPPORTED_TYPE/);
    // 10,000 × 10,000 of one colour: a small PNG of 100 megapixels, over the 50 megapixel bound.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect(await outcome(reencodeAvatar(bomb))).toMatch(/^415 AVATAR_UNSUPPORTED_TYPE/);
  });

  it('stays far under NATS max_payload even for incompressible content', async () => {
    const noise = Buffer.alloc(1024 * 1024 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
    const input = await sharp(noise, { raw: { width: 1024, height: 1024, channels: 3 } })
      .png()
      .toBuffer();
    const { data } = await reencodeAvatar(input);
    expect(Math.ceil(data.length / 3) * 4).toBeLessThan(640 * 1024);
  });
});
