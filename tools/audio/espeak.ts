import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TMediaSpeed } from '@polski/contracts';
import { SpeechProviderError, type TSpeech, type TSpeechProvider } from './provider';
import type { TVoiceSlot } from './voices';

/** eSpeak NG's Polish voice with a variant and a pitch per role (docs/content.md, "Voices"). */
export const ESPEAK_VOICES: Record<TVoiceSlot, { voice: string; pitch: number }> = {
  narrator: { voice: 'pl', pitch: 45 },
  'female-1': { voice: 'pl+f2', pitch: 55 },
  'female-2': { voice: 'pl+f4', pitch: 65 },
  'female-3': { voice: 'pl+f5', pitch: 48 },
  'male-1': { voice: 'pl+m3', pitch: 40 },
  'male-2': { voice: 'pl+m6', pitch: 30 },
  'male-3': { voice: 'pl+m2', pitch: 52 },
};
/** Words per minute: eSpeak's default (175) is quick for a learner; the slow track is clearly slower. */
export const ESPEAK_RATES: Record<TMediaSpeed, number> = { normal: 150, slow: 110 };

interface TPending {
  resolve: (a: { sampleRate: number; pcm: string; events: { textPosition: number; ms: number }[] }) => void;
  reject: (e: Error) => void;
}

/**
 * eSpeak NG through its WebAssembly build, in one child process for the whole render (tools/audio/espeak-worker.mjs):
 * about 0.1 s per sentence on this machine (docs/performance.md, "Audio").
 */
export class EspeakProvider implements TSpeechProvider {
  readonly id = 'espeak' as const;
  readonly source = 'synthetic' as const;
  readonly voiceLabel = 'Synthetic voice (eSpeak NG)';
  private readonly workers: EspeakWorker[];
  private next = 0;

  /** `workers`: processes synthesising side by side (default: one per CPU core, at most 4). */
  constructor(workers = Math.max(1, Math.min(4, availableParallelism()))) {
    this.workers = Array.from({ length: workers }, () => new EspeakWorker());
  }

  voice(slot: TVoiceSlot): string {
    const v = ESPEAK_VOICES[slot];
    return `${v.voice}@${v.pitch}`;
  }

  synthesize(text: string, slot: TVoiceSlot, speed: TMediaSpeed): Promise<TSpeech> {
    const w = this.workers[this.next++ % this.workers.length];
    return w.synthesize(text, slot, speed);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

/** One eSpeak NG worker process, answering requests in order. */
class EspeakWorker {
  private child?: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, TPending>();
  private nextId = 1;
  private failure?: Error;

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn(process.execPath, [join(__dirname, 'espeak-worker.mjs')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    const err: string[] = [];
    child.stderr.on('data', (c: Buffer) => err.push(c.toString('utf8')));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const a = JSON.parse(line) as {
        id: number;
        error?: string;
        sampleRate: number;
        pcm: string;
        events: { textPosition: number; ms: number }[];
      };
      const p = this.pending.get(a.id);
      if (!p) return;
      this.pending.delete(a.id);
      if (a.error) p.reject(new SpeechProviderError(`eSpeak NG: ${a.error}`, false));
      else p.resolve(a);
    });
    child.on('exit', (code) => {
      this.child = undefined;
      this.failure = new SpeechProviderError(
        `eSpeak NG worker exited (${code}): ${err.join('').slice(0, 300)}`,
        false,
      );
      for (const p of this.pending.values()) p.reject(this.failure);
      this.pending.clear();
    });
    return child;
  }

  async synthesize(text: string, slot: TVoiceSlot, speed: TMediaSpeed): Promise<TSpeech> {
    const child = this.start();
    const id = this.nextId++;
    const v = ESPEAK_VOICES[slot];
    const answer = await new Promise<{
      sampleRate: number;
      pcm: string;
      events: { textPosition: number; ms: number }[];
    }>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.stdin.write(
        JSON.stringify({ id, text, voice: v.voice, rate: ESPEAK_RATES[speed], pitch: v.pitch }) + '\n',
      );
    });
    const audio = Buffer.from(answer.pcm, 'base64');
    if (!audio.length)
      throw new SpeechProviderError(`eSpeak NG produced no audio for "${text.slice(0, 40)}"`, false);
    // eSpeak's text positions count characters from 1 (code points)
    const codePointToUtf16 = (cp: number) => [...text].slice(0, cp).join('').length;
    return {
      audio,
      input: { format: 's16le', sampleRate: answer.sampleRate },
      words: answer.events.map((e) => ({ offset: codePointToUtf16(e.textPosition - 1), ms: e.ms })),
    };
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin.end();
    });
  }
}
