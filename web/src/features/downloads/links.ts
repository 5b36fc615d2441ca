/**
 * Where the download page's guide links go: the product's documentation site, kept in one place so a
 * deployment changes them here.
 */
export const documentationLinks = {
  guides: 'https://docs.example.com/guides',
  raspberryPi: 'https://docs.example.com/guides/server-on-raspberry-pi',
  eula: 'https://docs.example.com/eula',
} as const;
