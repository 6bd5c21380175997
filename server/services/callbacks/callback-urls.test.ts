import { describe, expect, it, vi } from 'vitest';
import { assertDeliverableUrl, checkSavedUrl, classifyAddress, type AddressKind } from './callback-urls';

describe('classifyAddress', () => {
  it.each<[string, AddressKind]>([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['127.0.0.1', 'private'],
    ['127.255.255.254', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['0.0.0.0', 'private'],
    ['255.255.255.255', 'private'],
    ['224.0.0.1', 'private'],
    ['::', 'private'],
    ['::1', 'private'],
    ['fd00::1', 'private'],
    ['fc12:3456::1', 'private'],
    ['ff02::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'private'],
    ['2002:7f00:1::1', 'private'],
    ['::127.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a9fe:a9fe::1', 'link-local'],
  ])('%s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it('refuses what is not an address', () => expect(() => classifyAddress('acme.example')).toThrow());
});

const strict = { allowPrivate: false };
const local = { allowPrivate: true };
const saved = (url: string, policy: { allowPrivate: boolean; resolve?: (h: string) => Promise<string[]> }) =>
  checkSavedUrl(url, 'Pay-in Callback URL', 'payinCallbackUrl', policy);

describe('checkSavedUrl', () => {
  it('wants https unless private addresses are allowed', async () => {
    await expect(saved('http://acme.example/cb', strict)).rejects.toMatchObject({
      statusCode: 400,
      field: 'payinCallbackUrl',
      message: 'The Pay-in Callback URL must start with https://.',
    });
    await expect(saved('http://acme.example/cb', local)).resolves.toBeUndefined();
    await expect(saved('https://acme.example/cb', strict)).resolves.toBeUndefined();
  });

  it.each([
    'https://127.0.0.1/cb',
    'https://localhost/cb',
    'https://LOCALHOST./cb',
    'https://api.localhost/cb',
    'https://2130706433/cb',
    'https://0x7f.1/cb',
    'https://127.1/cb',
    'https://017700000001/cb',
    'https://0/cb',
    'https://10.0.0.7:8443/cb',
    'https://[::1]/cb',
    'https://[::ffff:127.0.0.1]/cb',
    'https://[0:0:0:0:0:ffff:7f00:1]/cb',
    'https://[fd12::1]/cb',
    'https://100.100.1.1/cb',
  ])('refuses %s, and takes it when private addresses are allowed', async (url) => {
    await expect(saved(url, strict)).rejects.toThrow(
      'The Pay-in Callback URL must not point to a private or local address.',
    );
    await expect(saved(url, local)).resolves.toBeUndefined();
  });

  it.each(['https://169.254.169.254/latest/meta-data/', 'https://[fe80::1]/', 'https://[::ffff:169.254.169.254]/'])(
    'refuses the link-local %s whatever the setting',
    async (url) => {
      for (const policy of [strict, local])
        await expect(saved(url, policy)).rejects.toThrow(
          'The Pay-in Callback URL must not point to a link-local address.',
        );
    },
  );

  it('looks names up, and refuses one that resolves to a private address among others', async () => {
    const resolve = vi.fn(async (host: string) =>
      host === 'sneaky.com' ? ['93.184.216.34', '10.0.0.1'] : ['93.184.216.34'],
    );
    await expect(saved('https://sneaky.com/cb', { ...strict, resolve })).rejects.toThrow(/private or local/);
    await expect(saved('https://shop.com/cb', { ...strict, resolve })).resolves.toBeUndefined();
    expect(resolve).toHaveBeenCalledWith('sneaky.com');
  });

  it('never looks up the reserved names, and takes a name that does not resolve yet', async () => {
    const resolve = vi.fn(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    for (const url of ['https://acme.example/cb', 'https://x.test/', 'https://nowhere.invalid/', 'https://shop.com/'])
      await expect(saved(url, { ...strict, resolve })).resolves.toBeUndefined();
    expect(resolve.mock.calls).toEqual([['shop.com']]);
  });
});

describe('assertDeliverableUrl', () => {
  it('resolves the host again and returns the addresses to connect to', async () => {
    const resolve = async () => ['93.184.216.34'];
    await expect(assertDeliverableUrl('https://shop.com/cb', { ...strict, resolve })).resolves.toMatchObject({
      addresses: ['93.184.216.34'],
    });
  });

  it('refuses a name re-pointed to a private or link-local address since it was saved', async () => {
    await expect(
      assertDeliverableUrl('https://shop.com/cb', { ...strict, resolve: async () => ['127.0.0.1'] }),
    ).rejects.toThrow('The callback URL must not point to a private or local address.');
    await expect(
      assertDeliverableUrl('https://shop.com/cb', { ...local, resolve: async () => ['169.254.169.254'] }),
    ).rejects.toThrow(/link-local/);
  });

  it('refuses a name that does not resolve, reserved names included', async () => {
    await expect(assertDeliverableUrl('https://acme.example/cb', strict)).rejects.toThrow(
      'The host name of the callback URL does not resolve.',
    );
    await expect(
      assertDeliverableUrl('https://gone.com/cb', {
        ...strict,
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).rejects.toThrow(/does not resolve/);
  });

  it('delivers to localhost only when private addresses are allowed', async () => {
    await expect(assertDeliverableUrl('http://localhost:9000/cb', local)).resolves.toMatchObject({
      addresses: ['127.0.0.1', '::1'],
    });
    await expect(assertDeliverableUrl('http://localhost:9000/cb', strict)).rejects.toThrow(/https/);
  });
});
