// Makes vote-background.webm (the looping backdrop of /vote) offline, in headless Chromium:
// soft colour blobs drawn on a canvas and recorded with MediaRecorder (VP9). Every motion has the
// period of the clip, so its last frame meets its first and the loop shows no seam.
// Run from the repository root: node frontend/src/features/vote/assets/make-background-video.mjs
/* global document, MediaRecorder */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const output = fileURLToPath(new URL('./vote-background.webm', import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<canvas id="c" width="480" height="270"></canvas>');
  const base64 = await page.evaluate(async () => {
    const seconds = 10;
    const fps = 24;
    const canvas = document.getElementById('c');
    const context = canvas.getContext('2d');
    const { width, height } = canvas;
    // The theme's accent colours (violet, cyan, green) as in styles/global.css.
    const blobs = [
      { rgb: '139,92,246', alpha: 0.5, radius: 195, x: 0.22, y: 0.25, dx: 0.12, dy: 0.1, k: 1, phase: 0 },
      { rgb: '34,211,238', alpha: 0.42, radius: 172, x: 0.8, y: 0.3, dx: 0.1, dy: 0.14, k: 1, phase: 2.1 },
      { rgb: '52,211,153', alpha: 0.25, radius: 188, x: 0.55, y: 0.92, dx: 0.18, dy: 0.06, k: 2, phase: 4.2 },
      { rgb: '124,58,237', alpha: 0.3, radius: 135, x: 0.45, y: 0.55, dx: 0.2, dy: 0.16, k: 1, phase: 1.3 },
    ];
    const draw = (t) => {
      const angle = (2 * Math.PI * t) / seconds;
      context.globalCompositeOperation = 'source-over';
      context.fillStyle = '#070a14';
      context.fillRect(0, 0, width, height);
      context.globalCompositeOperation = 'lighter';
      for (const blob of blobs) {
        const x = (blob.x + blob.dx * Math.sin(blob.k * angle + blob.phase)) * width;
        const y = (blob.y + blob.dy * Math.cos(blob.k * angle + blob.phase * 1.7)) * height;
        const radius = blob.radius * (1 + 0.12 * Math.sin(blob.k * angle + blob.phase * 0.5));
        const gradient = context.createRadialGradient(x, y, 0, x, y, radius);
        gradient.addColorStop(0, `rgba(${blob.rgb},${blob.alpha})`);
        gradient.addColorStop(1, `rgba(${blob.rgb},0)`);
        context.fillStyle = gradient;
        context.fillRect(0, 0, width, height);
      }
    };
    draw(0);
    const recorder = new MediaRecorder(canvas.captureStream(fps), {
      mimeType: 'video/webm;codecs=vp9',
      videoBitsPerSecond: 150_000,
    });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    const start = performance.now();
    recorder.start();
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const t = (performance.now() - start) / 1000;
        draw(Math.min(t, seconds));
        if (t >= seconds) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / fps);
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  writeFileSync(output, Buffer.from(base64, 'base64'));
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
