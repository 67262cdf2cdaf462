import { describe, expect, it } from 'vitest';
import { emptyPayloadHash, signRequest, uriEncode } from './sigv4';

// The worked example of the S3 API reference ("Example: GET Object").
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('Signature Version 4', () => {
  it("signs the S3 reference's GET Object example to its published signature", () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: emptyPayloadHash,
      },
      credentials,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers).not.toHaveProperty('host');
  });

  it('changes the signature with the body, the query or the key', () => {
    const sign = (url: string, payloadHash = emptyPayloadHash) =>
      signRequest(
        { method: 'GET', url: new URL(url), headers: {}, payloadHash },
        credentials,
        new Date(0),
      ).authorization;
    const base = sign('https://s3.example/bucket/a.png');
    expect(sign('https://s3.example/bucket/b.png')).not.toBe(base);
    expect(sign('https://s3.example/bucket/a.png?list-type=2')).not.toBe(base);
    expect(sign('https://s3.example/bucket/a.png', 'UNSIGNED-PAYLOAD')).not.toBe(base);
  });

  it('encodes as RFC 3986, keeping slashes only in paths', () => {
    expect(uriEncode('media/å b+c~', true)).toBe('media/%C3%A5%20b%2Bc~');
    expect(uriEncode('media/x', false)).toBe('media%2Fx');
  });
});
