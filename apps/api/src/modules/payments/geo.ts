import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Reader, type CountryResponse } from 'maxmind';

/** IP -> country from the GeoLite2 country database shipped by @ip-location-db (offline; update by upgrading). */
export class CountryLocator {
  private reader: Reader<{ country_code?: string } & Partial<CountryResponse>> | undefined;

  private load() {
    if (!this.reader) {
      const dir = dirname(require.resolve('@ip-location-db/geolite2-country-mmdb/package.json'));
      this.reader = new Reader(readFileSync(join(dir, 'geolite2-country.mmdb')));
    }
    return this.reader;
  }

  /** ISO country code, or null for private, loopback or unknown addresses. */
  country(ip: string | undefined): string | null {
    if (!ip) return null;
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    try {
      const hit = this.load().get(address);
      const code = hit?.country_code ?? hit?.country?.iso_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null;
    }
  }
}
