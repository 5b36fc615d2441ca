import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type CmdInput } from '../../../../../shared/contract/define';
import { infoContract } from '../../../../../shared/contract/info';
import { infoAdminContract } from '../../../../../shared/contract/info.admin';
import { LATEST_ENTRY_COUNT, type LatestEntry } from '../../../../../shared/news/news';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { LatestPreview } from '../../../components/app-news';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { newsScreenMessages } from '../messages';

const blank = (): LatestEntry => ({ title: '', text: '', link: '', important: false });

/** Exactly the entries the start screen shows: the stored ones, blanks for any not written yet. */
const editable = (entries: readonly LatestEntry[]): CmdInput<typeof infoAdminContract, 'update_latest'> => ({
  latest: Array.from({ length: LATEST_ENTRY_COUNT }, (_, i) => ({ ...blank(), ...entries[i] })),
});

function LatestForm({ entries }: { entries: readonly LatestEntry[] }) {
  const update = useCmdMutation(infoAdminContract, 'update_latest', { invalidates: ['get_latest'] });
  // The same schema the server parses update_latest with: three entries, titles required, links followable.
  const form = useSchemaForm(infoAdminContract.cmds.update_latest.params, editable(entries));
  const save = useSubmit((values: CmdInput<typeof infoAdminContract, 'update_latest'>) => update.mutateAsync(values), {
    success: () => newsScreenMessages.latestUpdated,
    onSuccess: (saved) => {
      form.setInitialValues(editable(saved.latest));
      form.setValues(editable(saved.latest));
    },
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={form.onSubmit(save.run)} noValidate>
        <Stack gap="md" maw={640}>
          {form.values.latest.map((_, i) => (
            <Fieldset key={i} legend={`Entry ${i + 1}`}>
              <Stack gap="xs">
                <TextInput label="Title" withAsterisk {...form.getInputProps(`latest.${i}.title`)} />
                <Textarea label="Text" rows={3} {...form.getInputProps(`latest.${i}.text`)} />
                <TextInput label="Link" placeholder="https://… or /download" {...form.getInputProps(`latest.${i}.link`)} />
                <Checkbox label="Important" {...form.getInputProps(`latest.${i}.important`, { type: 'checkbox' })} />
              </Stack>
            </Fieldset>
          ))}
          <Group>
            <Button type="submit" loading={save.pending} disabled={!form.isValid() || !form.isDirty()}>
              Update
            </Button>
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {/* What the desktop app's start screen will show, as it is typed. */}
      <Stack gap="sm">
        <Title order={3} size="h4">
          {newsScreenMessages.latestPreview}
        </Title>
        <LatestPreview entries={form.values.latest} label={newsScreenMessages.latestPreview} />
      </Stack>
    </SimpleGrid>
  );
}

/** Latest: the desktop app's start screen, exactly three entries (title, text, link, important); Update saves them, Cancel puts back what is saved. */
export default function LatestPage() {
  const latest = useCmdQuery(infoContract, 'get_latest', {});
  return (
    <>
      <PageTitle />
      {latest.data ? <LatestForm entries={latest.data.latest} /> : latest.isPending ? <PageLoader /> : null}
    </>
  );
}
