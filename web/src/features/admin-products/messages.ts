/** What the registered products screen says. */
export const adminProductTexts = {
  productCount: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
  noMatch: 'No products match the search.',
  noProducts: 'No registered products.',
  unregistered: (uid: string) => `Product ${uid} unregistered`,
  copied: 'Products copied to the clipboard',
  confirmUnregister: (uid: string, owner: string) => ({
    title: `Unregister product ${uid}?`,
    message: `${owner} loses ${uid} from their products, and anyone may register it again.`,
    confirmLabel: 'Unregister product',
  }),
} as const;
