import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('turns key[] into lists, keeps single keys scalar', () => {
    expect(parseQueryString('nodeId[]=1&nodeId[]=2&type[]=Klass&perPage=9999')).toEqual({
      nodeId: ['1', '2'],
      type: ['Klass'],
      perPage: '9999',
    });
  });

  it('merges repeated plain keys into a list', () => {
    expect(parseQueryString('a=1&a=2')).toEqual({ a: ['1', '2'] });
  });

  it('cannot be used to reach object prototypes', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
