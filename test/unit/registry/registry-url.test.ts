import {describe, expect, it} from 'vitest';
import {isLoopbackHost, parseRegistryUrl, splitRepositoryReference} from '../../../source/registry/url.js';

describe('parseRegistryUrl', () => {
  it('implies https for host:port', () => {
    expect(parseRegistryUrl('reg.example:5000')).toEqual({
      scheme: 'https',
      origin: 'https://reg.example:5000',
      host: 'reg.example:5000',
      hostname: 'reg.example',
      port: 5000,
      insecure: false,
      schemeGiven: false,
    });
  });

  it('accepts explicit https, a trailing slash or /v2/, and normalises case', () => {
    expect(parseRegistryUrl('https://Reg.Example:5000/').origin).toBe('https://reg.example:5000');
    expect(parseRegistryUrl('https://reg.example/v2/')).toMatchObject({host: 'reg.example', port: 443});
  });

  it('allows plain http only for loopback hosts or insecure registries', () => {
    expect(parseRegistryUrl('http://localhost:5000').scheme).toBe('http');
    expect(parseRegistryUrl('http://127.1.2.3:5000').origin).toBe('http://127.1.2.3:5000');
    expect(parseRegistryUrl('http://[::1]:5000')).toMatchObject({host: '[::1]:5000', hostname: '::1', port: 5000});
    expect(() => parseRegistryUrl('http://reg.example:5000')).toThrow(/plain http is only allowed/);
    expect(() => parseRegistryUrl('http://10.0.0.5:5000')).toThrow(/insecure: true/);
    expect(parseRegistryUrl('http://reg.example:5000', {insecure: true}).scheme).toBe('http');
  });

  it('keeps https for loopback when no scheme is given', () => {
    expect(parseRegistryUrl('127.0.0.1:5000').origin).toBe('https://127.0.0.1:5000');
  });

  it('refuses other schemes, paths, credentials and garbage', () => {
    expect(() => parseRegistryUrl('ftp://reg:21')).toThrow(/not a registry scheme/);
    expect(() => parseRegistryUrl('https://reg/some/path')).toThrow(/has a path/);
    expect(() => parseRegistryUrl('https://user:hunter22@reg:5000')).toThrow(/docker login reg:5000/);
    expect(() => parseRegistryUrl('https://user:hunter22@reg:5000')).not.toThrow(/hunter22/);
    expect(() => parseRegistryUrl('')).toThrow(/empty/);
    expect(() => parseRegistryUrl('https://')).toThrow(/not a valid URL/);
  });

  it('maps docker.io to the hub registry host', () => {
    expect(parseRegistryUrl('docker.io').origin).toBe('https://registry-1.docker.io');
  });
});

describe('isLoopbackHost', () => {
  it('knows localhost, 127.0.0.0/8 and ::1', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '128.0.0.1', 'reg.example', '::2', 'localhost.example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('splitRepositoryReference', () => {
  it('splits a registry host off a reference the way Docker does', () => {
    expect(splitRepositoryReference('127.0.0.1:5000/tools/busybox')).toEqual({
      registry: '127.0.0.1:5000',
      repository: 'tools/busybox',
    });
    expect(splitRepositoryReference('localhost/x')).toEqual({registry: 'localhost', repository: 'x'});
    expect(splitRepositoryReference('tools/busybox')).toEqual({repository: 'tools/busybox'});
  });
});

describe('hubRepositoryName', () => {
  it('puts official Docker Hub images under library/', async () => {
    const {hubRepositoryName} = await import('../../../source/registry/url.js');
    expect(hubRepositoryName(parseRegistryUrl('docker.io'), 'alpine')).toBe('library/alpine');
    expect(hubRepositoryName(parseRegistryUrl('docker.io'), 'bitnami/redis')).toBe('bitnami/redis');
    expect(hubRepositoryName(parseRegistryUrl('reg.example'), 'alpine')).toBe('alpine');
  });
});

describe('plainHttpFallback', () => {
  it('is offered only for loopback or insecure registries given without a scheme', async () => {
    const {plainHttpFallback} = await import('../../../source/registry/url.js');
    expect(plainHttpFallback(parseRegistryUrl('localhost:5000'))?.origin).toBe('http://localhost:5000');
    expect(plainHttpFallback(parseRegistryUrl('reg.example', {insecure: true}))).toMatchObject({
      origin: 'http://reg.example',
      port: 80,
    });
    expect(plainHttpFallback(parseRegistryUrl('https://localhost:5000'))).toBeUndefined();
    expect(plainHttpFallback(parseRegistryUrl('reg.example:5000'))).toBeUndefined();
  });
});
