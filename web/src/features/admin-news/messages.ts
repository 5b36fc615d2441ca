/** The texts of the Latest and News screens. */
export const newsScreenMessages = {
  latestUpdated: 'Latest updated',
  latestPreview: 'Preview: the start screen of the desktop app',
  newsPreview: 'Preview: the news in the desktop app',
  newsUpdated: (title: string) => `News ${title} updated`,
  newsAdded: (title: string) => `News ${title} added`,
  noNews: 'No news yet. Add version to write the first.',
  uploadFailed: 'The picture was not stored, try again',
  mediaUploaded: 'Picture uploaded',
} as const;
