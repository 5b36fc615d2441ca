import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { isFollowableLink, type LatestEntry, type NewsPage } from '../../../shared/news/news';

/**
 * The Latest entries and news pages as the desktop app shows them: its start screen's three cards (an
 * important one marked), and a news version one page at a time (picture, title, text, link) with
 * Previous and Next. The admin's preview beside the editor and the customer's news read the same.
 * Only a followable address (https, or a path of the portal) becomes a link or a picture; any other
 * (typed but not yet refused, or stored under an older rule) is shown as text, never followed.
 */

const appNewsTexts = {
  readMore: 'Read more',
  important: 'Important',
  notALink: (address: string) => `Not a link: ${address}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
  noPages: 'No pages yet.',
} as const;

/** A link the reader may follow, or the address as text when it is not one. */
function NewsLink({ href, children }: { href: string; children: ReactNode }) {
  if (!href) return null;
  if (!isFollowableLink(href)) {
    return (
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {appNewsTexts.notALink(href)}
      </Text>
    );
  }
  return (
    <Anchor href={href} size="sm" target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Anchor>
  );
}

/** The desktop app's start screen: each entry a card, an important one marked in red. */
export function LatestPreview({ entries, label }: { entries: readonly LatestEntry[]; label: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      {entries.map((entry, i) => (
        <Card
          key={i}
          withBorder
          padding="sm"
          aria-label={entry.title || `Entry ${i + 1}`}
          component="article"
          style={entry.important ? { borderLeft: '4px solid var(--mantine-color-red-7)' } : undefined}
        >
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text fw={600}>{entry.title}</Text>
              {entry.important ? (
                <Badge color="red" variant="light" size="sm">
                  {appNewsTexts.important}
                </Badge>
              ) : null}
            </Group>
            {entry.text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.text}
              </Text>
            ) : null}
            <NewsLink href={entry.link.trim()}>{appNewsTexts.readMore}</NewsLink>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** A news version's pages one at a time, as the app pages through them. */
export function NewsPages({ title, version, pages }: { title: string; version: string | null; pages: readonly NewsPage[] }) {
  const [at, setAt] = useState(0);
  const shown = Math.min(at, Math.max(pages.length - 1, 0));
  const page = pages[shown];
  const media = page?.media_url.trim() ?? '';
  return (
    <Card withBorder padding="md" component="article" aria-label={title || 'News'}>
      <Stack gap="xs">
        <div>
          <Title order={4}>{title}</Title>
          {version ? (
            <Text size="sm" c="dimmed">
              {`Version ${version}`}
            </Text>
          ) : null}
        </div>
        {page ? (
          <>
            {media && isFollowableLink(media) ? <Image src={media} alt={page.title} mah={200} w="auto" fit="contain" /> : null}
            {media && !isFollowableLink(media) ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {appNewsTexts.notALink(media)}
              </Text>
            ) : null}
            <Text fw={600}>{page.title}</Text>
            {page.text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {page.text}
              </Text>
            ) : null}
            <NewsLink href={(page.link ?? '').trim()}>{appNewsTexts.readMore}</NewsLink>
            {pages.length > 1 ? (
              <Group gap="xs" justify="space-between">
                <Button size="xs" variant="default" onClick={() => setAt(shown - 1)} disabled={shown === 0}>
                  {appNewsTexts.previous}
                </Button>
                <Text size="sm">{appNewsTexts.pageOf(shown + 1, pages.length)}</Text>
                <Button size="xs" variant="default" onClick={() => setAt(shown + 1)} disabled={shown === pages.length - 1}>
                  {appNewsTexts.next}
                </Button>
              </Group>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {appNewsTexts.noPages}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
