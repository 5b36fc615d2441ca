import { Accordion, Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { userContract } from '../../../../../shared/contract/user';
import {
  currentEula,
  selectRelease,
  softwareLabel,
  softwareReleases,
  sortSoftware,
  type EulaDocument,
  type SoftwareRelease,
  type Versions,
} from '../../../../../shared/downloads/releases';
import { call } from '../../../api/client';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { NewsPages } from '../../../components/app-news';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { setError } from '../../../lib/app-state';
import { paths } from '../../../lib/routing/paths';
import { useReleaseNews } from '../api/get-release-news';
import { useVersions } from '../api/get-versions';
import { guideLinks } from '../links';
import { downloadTexts } from '../messages';
import { EulaCheckbox } from './eula-checkbox';
import { PackageLink } from './package-link';
import { ReleaseNotes } from './release-notes';

/**
 * The EULA box of a release: ticked when the caller accepted this release's EULA in the version shown
 * now (a new EULA text asks again), or ticked it now (which records the acceptance with the EULA's
 * version; a failure to record it is shown, the box stays ticked).
 */
function useEulaGate(version: string, eulaVersion: string | undefined) {
  const acceptances = useCmdQuery(userContract, 'get_eula_acceptances', {});
  const accept = useCmdMutation(userContract, 'accept_eula', { invalidates: ['get_eula_acceptances'] });
  const [choices, setChoices] = useState<Record<string, boolean>>({});
  const accepted =
    acceptances.data?.acceptances.some((acceptance) => acceptance.client_version === version && acceptance.eula_version === eulaVersion) ?? false;
  const checked = choices[version] ?? accepted;
  const onChange = (next: boolean) => {
    setChoices((current) => ({ ...current, [version]: next }));
    if (next && !accepted) accept.mutateAsync({ client_version: version, ...(eulaVersion === undefined ? {} : { eula_version: eulaVersion }) }).catch((error: Error) => setError(error.message));
  };
  return { checked, onChange };
}

/** The news the desktop app shows about this release, as it shows them; nothing when none were written. */
function ReleaseNews({ version }: { version: string }) {
  const news = useReleaseNews(version);
  if (news.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={downloadTexts.releaseNews(version)}>
      {news.map((item) => (
        <NewsPages key={item.id} title={item.title} version={item.version} pages={item.pages} />
      ))}
    </Stack>
  );
}

function SelectedRelease({ release, eula: eulaDocument }: { release: SoftwareRelease; eula: EulaDocument | undefined }) {
  const eulaVersion = eulaDocument?.version;
  const eula = useEulaGate(release.version, eulaVersion);
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={3} id={headingId}>
            {downloadTexts.version(release.version)}
          </Title>
          <Text size="sm" c="dimmed">
            {downloadTexts.released(release.date)}
          </Text>
        </div>
        <ReleaseNotes notes={release.notes} />
        <ReleaseNews version={release.version} />
        <Text size="sm" fw={500}>
          {downloadTexts.ramRecommendation}
        </Text>
        {release.downloadAllowed ? (
          <>
            <EulaCheckbox checked={eula.checked} onChange={eula.onChange} eula={eulaDocument} />
            {!eula.checked ? (
              <Text size="sm" c="dimmed">
                {downloadTexts.eulaHint}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {sortSoftware(release.software).map((entry) => (
                <PackageLink
                  key={entry.package}
                  label={softwareLabel(entry.os, entry.arch)}
                  detail={entry.title}
                  packageName={entry.package}
                  enabled={eula.checked}
                  // The click is recorded (`user/add_user_download`); a failure is ignored: the download goes on, and nobody is told.
                  onDownload={() =>
                    void call(userContract, 'add_user_download', { client_version: release.version, os: entry.os, arch: entry.arch, ...(eulaVersion === undefined ? {} : { eula_version: eulaVersion }) }).catch(() => undefined)
                  }
                />
              ))}
            </SimpleGrid>
          </>
        ) : (
          <Text size="sm">{downloadTexts.notDownloadable}</Text>
        )}
      </Stack>
    </Card>
  );
}

/** The guides (each only where the deployment sets its address), and the firmware release notes. */
function GuideLinks() {
  const links = guideLinks();
  return (
    <List size="sm" spacing={4}>
      {links.guides ? (
        <List.Item>
          <Anchor href={links.guides} target="_blank" rel="noopener noreferrer">
            {downloadTexts.guides}
          </Anchor>
        </List.Item>
      ) : null}
      <List.Item>
        <Anchor component={Link} to={paths.firmware}>
          {downloadTexts.firmwareNotes}
        </Anchor>
      </List.Item>
      {links.raspberryPi ? (
        <List.Item>
          <Anchor href={links.raspberryPi} target="_blank" rel="noopener noreferrer">
            {downloadTexts.raspberryPi}
          </Anchor>
        </List.Item>
      ) : null}
    </List>
  );
}

/** Every release with its notes; each opens its downloads above (`?version=`). */
function ReleaseList({ versions, selected }: { versions: Versions; selected: string | null }) {
  const headingId = useId();
  const previous = new Set(versions.otii.map((release) => release.version));
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        {downloadTexts.releases}
      </Title>
      <Accordion variant="separated" defaultValue={selected}>
        {softwareReleases(versions).map((release) => (
          <Accordion.Item key={release.version} value={release.version}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={600}>{release.version}</Text>
                <Text size="sm" c="dimmed">
                  {release.date}
                </Text>
                {previous.has(release.version) ? (
                  <Badge variant="light" color="gray" size="sm">
                    {downloadTexts.previousGeneration}
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <ReleaseNotes notes={release.notes} />
                {release.version === selected ? (
                  <Text size="sm" c="dimmed">
                    {downloadTexts.selected}
                  </Text>
                ) : (
                  <Anchor component={Link} to={`${paths.download}?version=${encodeURIComponent(release.version)}`} size="sm">
                    {downloadTexts.showRelease(release.version)}
                  </Anchor>
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

/** A `?version=` no release has: said so, above the current release shown in its place. */
function UnknownVersion({ version, current }: { version: string; current: string | undefined }) {
  return (
    <Card withBorder padding="md" role="status">
      <Text fw={600}>{downloadTexts.unknownVersion(version)}</Text>
      {current ? <Text size="sm">{downloadTexts.showingCurrent(current)}</Text> : null}
    </Card>
  );
}

function Releases({ versions, version }: { versions: Versions; version: string | null }) {
  const releases = softwareReleases(versions);
  const release = selectRelease(releases, version);
  // An address naming a version no release has (mistyped, withdrawn) says so, and shows the first instead.
  const unknown = version !== null && release?.version !== version;
  return (
    <Stack gap="xl">
      {unknown ? <UnknownVersion version={version} current={release?.version} /> : null}
      {release ? <SelectedRelease key={release.version} release={release} eula={currentEula(versions)} /> : <Text>{downloadTexts.noReleases}</Text>}
      <GuideLinks />
      {release ? <ReleaseList versions={versions} selected={release.version} /> : null}
    </Stack>
  );
}

/**
 * Download: the release `?version=` names, else the first (a version no release has is said to be
 * unavailable, above the first); its notes, the 16 GB RAM advice, the
 * EULA checkbox and the packages by OS, active once the EULA is ticked (a click records the download);
 * links to the guides, the firmware release notes and the Raspberry Pi server install; every release
 * with its notes.
 */
export default function DownloadPage() {
  const versions = useVersions();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle />
      {versions.isPending ? <PageLoader /> : versions.data ? <Releases versions={versions.data} version={params.get('version') || null} /> : null}
    </>
  );
}
