// eSpeak NG (WebAssembly build from @echogarden/espeak-ng-emscripten) as a long-lived child process: one instance
// synthesises every utterance of a render (docs/content.md, "Audio"). Protocol: one JSON request per stdin line
// {id, text, voice, rate, pitch}; one JSON answer per stdout line {id, sampleRate, pcm (s16le, base64), events} or
// {id, error}. Run as a separate program, so the GPL-3 synthesiser is never linked into the product.
import { Buffer } from 'node:buffer';
import { createInterface } from 'node:readline';
import Init from '@echogarden/espeak-ng-emscripten';

const m = await Init();
const worker = new m.eSpeakNGWorker();
const sampleRate = worker.get_samplerate();

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let id = null;
  try {
    const req = JSON.parse(line);
    id = req.id;
    if (typeof req.text !== 'string' || !req.text.trim()) throw new Error('empty text');
    worker.set_voice(String(req.voice));
    worker.set_rate(Number(req.rate));
    worker.set_pitch(Number(req.pitch));
    const chunks = [];
    const events = [];
    worker.synthesize(req.text, (samples, evs) => {
      chunks.push(samples);
      for (const e of evs)
        if (e.type === 'word')
          events.push({ textPosition: e.text_position, length: e.word_length, ms: e.audio_position });
      return 0;
    });
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const pcm = new Int16Array(total);
    let o = 0;
    for (const c of chunks) {
      pcm.set(c, o);
      o += c.length;
    }
    const buf = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    process.stdout.write(JSON.stringify({ id, sampleRate, pcm: buf.toString('base64'), events }) + '\n');
  } catch (e) {
    process.stdout.write(JSON.stringify({ id, error: e instanceof Error ? e.message : String(e) }) + '\n');
  }
}
