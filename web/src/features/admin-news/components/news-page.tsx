import { Anchor, Button, Card, FileButton, Fieldset, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type CmdInput } from '../../../../../shared/contract/define';
import { infoContract } from '../../../../../shared/contract/info';
import { infoAdminContract } from '../../../../../shared/contract/info.admin';
import { isFollowableLink, NEWS_MEDIA_TYPES, newsMessages, type News } from '../../../../../shared/news/news';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { NewsPages } from '../../../components/app-news';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { newsScreenMessages } from '../messages';
import { uploadFailure, uploadNewsMedia } from '../news-media';

const blankPage = () => ({ media_url: '', title: '', text: '', link: '' });

/** A version as its form edits it: no version or link is an empty field. */
const editable = (news: News | null) => ({
  id: news?.id ?? null,
  title: news?.title ?? '',
  version: news?.version ?? '',
  pages: news ? news.pages.map((page) => ({ ...page, link: page.link ?? '' })) : [blankPage()],
});

const ACCEPTED_MEDIA = Object.keys(NEWS_MEDIA_TYPES).join(',');

/** Upload picture: the limit is said before a file is chosen; the stored picture's path goes into Media URL. */
function MediaUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const upload = useSubmit(uploadNewsMedia, { failure: uploadFailure, success: () => newsScreenMessages.mediaUploaded, onSuccess: onUploaded });
  return (
    <Group gap="xs" align="center">
      <FileButton accept={ACCEPTED_MEDIA} onChange={(file) => file && void upload.run(file)}>
        {(props) => (
          <Button {...props} size="xs" variant="light" loading={upload.pending}>
            Upload picture
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {newsMessages.mediaLimit}
      </Text>
    </Group>
  );
}

/** Edits one version, or a new one (`news` null): title, version, and pages (media URL, title, text, link); Add page, Update, Cancel. */
function NewsForm({ news, onClose }: { news: News | null; onClose: () => void }) {
  const update = useCmdMutation(infoAdminContract, 'update_news', { invalidates: ['get_all_news'] });
  // The same schema the server parses update_news with.
  const form = useSchemaForm(infoAdminContract.cmds.update_news.params, editable(news));
  const save = useSubmit((values: CmdInput<typeof infoAdminContract, 'update_news'>) => update.mutateAsync(values), {
    success: (saved) => (news ? newsScreenMessages.newsUpdated(saved.title) : newsScreenMessages.newsAdded(saved.title)),
    onSuccess: onClose,
  });
  const label = news ? `News ${news.id}` : 'New version';

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={form.onSubmit(save.run)} noValidate aria-label={label}>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <TextInput label="Version" placeholder="e.g. 3.2.0" {...form.getInputProps('version')} />
          {form.values.pages.map((_, i) => (
            <Fieldset key={i} legend={`Page ${i + 1}`}>
              <Stack gap="xs">
                <TextInput label="Media URL" {...form.getInputProps(`pages.${i}.media_url`)} />
                <MediaUpload onUploaded={(url) => form.setFieldValue(`pages.${i}.media_url`, url)} />
                <TextInput label="Title" withAsterisk {...form.getInputProps(`pages.${i}.title`)} />
                <Textarea label="Text" rows={3} {...form.getInputProps(`pages.${i}.text`)} />
                <TextInput label="Link" placeholder="https://… or /download" {...form.getInputProps(`pages.${i}.link`)} />
                <Group>
                  <Button size="xs" variant="subtle" color="red" onClick={() => form.removeListItem('pages', i)}>
                    Remove page
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          ))}
          <Group>
            <Button variant="light" onClick={() => form.insertListItem('pages', blankPage())}>
              Add page
            </Button>
            <Button type="submit" loading={save.pending} disabled={!form.isValid()}>
              Update
            </Button>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {/* What the desktop app will show of this version, as it is typed. */}
      <Stack gap="sm" component="section" aria-label={newsScreenMessages.newsPreview}>
        <Title order={4} size="h5">
          {newsScreenMessages.newsPreview}
        </Title>
        <NewsPages title={form.values.title} version={form.values.version || null} pages={form.values.pages} />
      </Stack>
    </SimpleGrid>
  );
}

/** One version as the app shows it: title, version, and each page's picture, title, text and link. */
function NewsCard({ news, onEdit, editDisabled }: { news: News; onEdit: () => void; editDisabled: boolean }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={3} size="h4">
            {news.title}
          </Title>
          <Text size="sm" c="dimmed">
            {news.version ? `Version ${news.version}` : 'No version'}
          </Text>
        </div>
        <Button variant="light" onClick={onEdit} disabled={editDisabled} aria-label={`Edit ${news.title}`}>
          Edit
        </Button>
      </Group>
      {news.pages.map((page, i) => (
        <Card key={i} withBorder padding="sm" component="section" aria-label={`${news.title}, page ${i + 1}`}>
          <Stack gap={4}>
            {/* Only a followable address is loaded or linked (one stored under an older rule is not). */}
            {page.media_url && isFollowableLink(page.media_url) ? <Image src={page.media_url} alt={page.title} mah={160} w="auto" fit="contain" /> : null}
            <Text fw={600}>{page.title}</Text>
            {page.text ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{page.text}</Text> : null}
            {page.link && isFollowableLink(page.link) ? (
              <Anchor href={page.link} size="sm" target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {page.link}
              </Anchor>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** News: every version with its pages, newest first; Edit one, or Add version; a form saves with Update or leaves with Cancel. */
export default function NewsPage() {
  const news = useCmdQuery(infoContract, 'get_all_news', {});
  // What is being edited: a version's id, 'new' for Add version, or nothing. One at a time.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const close = () => setEditing(null);

  return (
    <>
      <PageTitle />
      <Stack gap="lg" maw={1100}>
        <Group>
          <Button onClick={() => setEditing('new')} disabled={editing !== null}>
            Add version
          </Button>
        </Group>
        {editing === 'new' ? (
          <Card withBorder>
            <NewsForm news={null} onClose={close} />
          </Card>
        ) : null}
        {news.data ? (
          news.data.news.length === 0 && editing !== 'new' ? (
            <Text c="dimmed">{newsScreenMessages.noNews}</Text>
          ) : (
            news.data.news.map((item) => (
              <Card key={item.id} withBorder>
                {editing === item.id ? (
                  <NewsForm news={item} onClose={close} />
                ) : (
                  <NewsCard news={item} onEdit={() => setEditing(item.id)} editDisabled={editing !== null} />
                )}
              </Card>
            ))
          )
        ) : news.isPending ? (
          <PageLoader />
        ) : null}
      </Stack>
    </>
  );
}
