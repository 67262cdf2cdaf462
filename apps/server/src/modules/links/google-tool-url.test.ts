import { describe, expect, it } from 'vitest';
import { ConfigError, defaultGoogleToolHosts, loadConfig } from '../../config';
import { googleToolUrlMessage, isGoogleToolUrl } from './google-tool-url';

describe('the Google-tool URL rule (spec §5)', () => {
  const hosts = ['https://docs.google.com', 'https://drive.google.com'];

  it('needs one of the hosts followed by a slash', () => {
    expect(isGoogleToolUrl('https://docs.google.com/document/d/1', hosts)).toBe(true);
    expect(isGoogleToolUrl('https://DRIVE.google.com/', hosts)).toBe(true);
    expect(isGoogleToolUrl('https://docs.google.com', hosts)).toBe(false);
    expect(isGoogleToolUrl('https://docs.google.com.evil.example/', hosts)).toBe(false);
    expect(isGoogleToolUrl('https://docs.google.com:443@evil.example/', hosts)).toBe(false);
    expect(isGoogleToolUrl('https://sites.google.com/view/skolan', hosts)).toBe(false);
  });

  it('names every allowed start in the message', () => {
    expect(googleToolUrlMessage(hosts)).toBe(
      'Adressen måste börja med https://docs.google.com/ eller https://drive.google.com/',
    );
    expect(googleToolUrlMessage(['https://a.se', 'https://b.se', 'https://c.se'])).toBe(
      'Adressen måste börja med https://a.se/, https://b.se/ eller https://c.se/',
    );
  });
});

describe('GOOGLE_TOOL_HOSTS', () => {
  it('defaults to the Google services and reads a comma-separated list of origins', () => {
    expect(loadConfig({}).googleToolHosts).toEqual(defaultGoogleToolHosts);
    expect(defaultGoogleToolHosts).toContain('https://classroom.google.com');
    expect(
      loadConfig({ GOOGLE_TOOL_HOSTS: ' https://docs.google.com/, https://skola.exempelby.se ' })
        .googleToolHosts,
    ).toEqual(['https://docs.google.com', 'https://skola.exempelby.se']);
  });

  it('refuses anything that is not an origin', () => {
    for (const value of ['docs.google.com', 'https://docs.google.com/path', 'javascript:x', '']) {
      expect(() => loadConfig({ GOOGLE_TOOL_HOSTS: value }), value).toThrow(ConfigError);
    }
  });
});
