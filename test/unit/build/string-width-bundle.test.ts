import stringWidth from 'string-width';
import {expect, test} from 'vitest';

import {stringWidthOnDemand} from '../../../scripts/string-width-on-demand.mjs';
import {bundleCountingSegmenters} from '../../helpers/segmenter-probe.js';

// The bundle's string-width (made lazy, with the table's fast path: scripts/string-width-on-demand.mjs) must measure
// every text as the published one does, and must not make its segmenter or emoji expression when it is loaded.
const SAMPLES = [
  'plain ascii',
  'bench-idle-001 · Up 3 minutes …',
  '│ ─ ▲ ▼ → ✓ ⣿',
  '漢字かなカナ한국어',
  'e\u0301 combining',
  '👍 👩‍👩‍👧 🇫🇷 1️⃣ ❤️ ⌚ ◽',
  'soft\u00adhyphen zero\u200bwidth',
  '\u1100\u1161\u11a8 jamo',
  'ｶﾞ half-width',
  '\x1b[31mred\x1b[0m · colour',
  '¡±×µ ΑΩ Жж ‰ ′ ← ↔ ∑ ≤ ≥',
  '',
];

test('the bundled string-width measures like the published one and loads without making its segmenter', async () => {
  const bundled = await bundleCountingSegmenters<{stringWidth: typeof stringWidth}>(
    "const {default: stringWidth} = await import('string-width');\nexport {stringWidth};",
    stringWidthOnDemand,
  );
  expect(bundled.made.length).toBe(0);
  for (const text of SAMPLES) {
    expect(bundled.stringWidth(text), text).toBe(stringWidth(text));
    expect(bundled.stringWidth(text, {ambiguousIsNarrow: false}), text).toBe(
      stringWidth(text, {ambiguousIsNarrow: false}),
    );
  }
  expect(bundled.made.length).toBeGreaterThan(0);
});
