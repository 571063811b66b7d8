import { z } from 'zod';
import { env } from './env';
import { emailSetting, urlSetting, webSettings } from './settings';

describe('build-time settings (VITE_*)', () => {
  it('unset or blank settings take the defaults', () => {
    expect(env.contactEmail).toBe('contact@polskistories.com');
    expect(env.videoChannelUrl).toBe('https://www.youtube.com/@polskistories');
    expect(emailSetting('X', '   ', 'a@b.cd')).toBe('a@b.cd');
    expect(urlSetting('X', undefined, 'https://example.com/')).toBe('https://example.com/');
  });

  it("e-mail addresses: trimmed, and checked as zod's z.email() checks them", () => {
    const samples = [
      'hello@polskistories.com',
      ' first.last+tag@sub.example.org ',
      "o'brien@example.ie",
      'a@b.c',
      'no-at-sign.example.com',
      'two@@example.com',
      '.dot@example.com',
      'dots..twice@example.com',
      'user@localhost',
      'user@exa_mple.com',
      'ą@example.com',
    ];
    for (const raw of samples) {
      const zodOk = z.email().safeParse(raw.trim()).success;
      if (zodOk) expect(emailSetting('VITE_CONTACT_EMAIL', raw, 'd@e.fg')).toBe(raw.trim());
      else expect(() => emailSetting('VITE_CONTACT_EMAIL', raw, 'd@e.fg')).toThrow(/VITE_CONTACT_EMAIL/);
    }
  });

  it('links: an absolute http(s) URL, trimmed; anything else stops the app with the setting named', () => {
    expect(urlSetting('VITE_VIDEO_CHANNEL_URL', ' https://www.youtube.com/@x ', 'https://d.example')).toBe(
      'https://www.youtube.com/@x',
    );
    expect(urlSetting('VITE_VIDEO_CHANNEL_URL', 'http://example.com/c', 'https://d.example')).toBe(
      'http://example.com/c',
    );
    for (const bad of ['youtube.com/@x', '/relative', 'javascript:alert(1)', 'ftp://example.com/']) {
      expect(() => urlSetting('VITE_VIDEO_CHANNEL_URL', bad, 'https://d.example')).toThrow(
        /VITE_VIDEO_CHANNEL_URL/,
      );
    }
  });

  it('are checked when the app is built: a bad one stops the build with the setting named', () => {
    expect(webSettings({})).toEqual({
      contactEmail: 'contact@polskistories.com',
      videoChannelUrl: 'https://www.youtube.com/@polskistories',
    });
    expect(webSettings({ VITE_CONTACT_EMAIL: ' hi@example.org ' }).contactEmail).toBe('hi@example.org');
    expect(() => webSettings({ VITE_CONTACT_EMAIL: 'nope' })).toThrow(/VITE_CONTACT_EMAIL/);
    expect(() => webSettings({ VITE_VIDEO_CHANNEL_URL: 'javascript:alert(1)' })).toThrow(
      /VITE_VIDEO_CHANNEL_URL/,
    );
  });
});
