// Synthesises the Okey sound effects into public/sounds/ (bell.wav, tile.wav): `npx tsx scripts/makeSounds.ts`.
// Made here from sine and noise envelopes, never downloaded, so the credits can name their true origin.
// A fixed noise seed makes every run write byte-identical files.
import { mkdirSync, writeFileSync } from 'node:fs';

const RATE = 22050;
const OUT = 'public/sounds';

/** A mono 16-bit PCM WAV file holding the samples (each in -1..1). */
function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Seeded pseudo-random noise in -1..1 (a linear congruential generator). */
function noise(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 31 - 1;
  };
}

/** A small hand bell: inharmonic partials over A5, each fading at its own rate. */
function bell(): Float32Array {
  const out = new Float32Array(Math.round(RATE * 1.1));
  const partials = [
    { ratio: 1, gain: 0.55, decay: 0.45 },
    { ratio: 2.0, gain: 0.25, decay: 0.3 },
    { ratio: 2.76, gain: 0.2, decay: 0.22 },
    { ratio: 5.4, gain: 0.1, decay: 0.1 },
  ];
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.004);
    out[i] =
      attack *
      partials.reduce(
        (sum, p) => sum + p.gain * Math.exp(-t / p.decay) * Math.sin(2 * Math.PI * 880 * p.ratio * t),
        0,
      );
  }
  return out;
}

/** A tile set down on a wooden rack: a short filtered noise crack over two quickly damped body tones. */
function tile(): Float32Array {
  const out = new Float32Array(Math.round(RATE * 0.16));
  const random = noise(20240611);
  let low = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    low += 0.35 * (random() - low); // one-pole low-pass takes the hiss off the crack
    const crack = low * Math.exp(-t / 0.006);
    const body =
      0.5 * Math.exp(-t / 0.018) * Math.sin(2 * Math.PI * 1250 * t) +
      0.25 * Math.exp(-t / 0.01) * Math.sin(2 * Math.PI * 2900 * t);
    const knock = 0.35 * Math.exp(-t / 0.04) * Math.sin(2 * Math.PI * 320 * t);
    out[i] = 0.9 * (crack + body + knock);
  }
  return out;
}

mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}/bell.wav`, wav(bell()));
writeFileSync(`${OUT}/tile.wav`, wav(tile()));
console.log(`wrote ${OUT}/bell.wav and ${OUT}/tile.wav`);
