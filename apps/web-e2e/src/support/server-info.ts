import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where global setup leaves the address of the server it started (also in process.env.E2E_BASE_URL). */
export const SERVER_INFO_FILE = join(tmpdir(), 'polski-web-e2e-server.json');

export interface TServerInfo {
  baseUrl: string;
  pid: number;
  dataDir: string;
}

export function baseUrl(): string {
  if (process.env.E2E_BASE_URL) return process.env.E2E_BASE_URL;
  const info = JSON.parse(readFileSync(SERVER_INFO_FILE, 'utf8')) as TServerInfo;
  return info.baseUrl;
}
