// The Marketplace's header behind the icon (package.json galleryBanner): a colour of the icon's
// red (media/tidb-lab.png runs from #E2302C to #B5151B), darker so the icon stands out, with the
// theme its text needs on it (white text, "dark", on a dark colour).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('the gallery banner is a dark red with the dark theme (white text readable on it)', () => {
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as {
    galleryBanner?: { color?: string; theme?: string };
  };
  const banner = manifest.galleryBanner;
  assert.ok(banner?.color !== undefined && /^#[0-9a-f]{6}$/i.test(banner.color), `galleryBanner.color: ${banner?.color}`);
  assert.equal(banner.theme, 'dark');
  const contrastWithWhite = 1.05 / (luminance(banner.color) + 0.05);
  assert.ok(contrastWithWhite >= 4.5, `white text on ${banner.color} has a contrast of ${contrastWithWhite.toFixed(2)}`);
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(banner.color!.slice(at, at + 2), 16));
  assert.ok(r > 2 * g && r > 2 * b, `${banner.color} is not a red like the icon's`);
  // Darker than the icon's darkest red, so the icon's edge shows on it.
  assert.ok(luminance(banner.color) < luminance('#B5151B'));
});
