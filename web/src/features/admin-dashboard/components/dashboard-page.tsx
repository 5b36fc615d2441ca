import { Anchor, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { caseAdminContract } from '../../../../../shared/contract/case.admin';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { productAdminContract } from '../../../../../shared/contract/product.admin';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { Chart, CHART_COLORS } from '../../../components/charts/line-chart';
import { PageTitle } from '../../../components/page-title';
import { copyText } from '../../../lib/clipboard';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { userDetailPath } from '../../admin-users';
import { graphCsv, graphHasData, graphTypes, paymentRows, typeRows } from '../graph';
import { dashboardTexts } from '../messages';
import { FigureTable } from './figure-table';

const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));

function LicenseTables() {
  const licenses = useCmdQuery(licAdminContract, 'get_license_statistics', {});
  const users = useCmdQuery(userAdminContract, 'get_user_statistics', {});
  const products = useCmdQuery(productAdminContract, 'get_product_statistics', {});
  const cases = useCmdQuery(caseAdminContract, 'get_case_statistics', {});
  const stats = licenses.data?.license_type_stats ?? [];
  const sum = (key: 'active' | 'reserved' | 'perpetual') => stats.reduce((total, row) => total + row[key], 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
      <FigureTable
        caption={dashboardTexts.licenses}
        headers={['License type', 'Valid', 'Reserved', 'Perpetual']}
        rows={
          licenses.data
            ? [...stats.map((row) => [row.license_type, figure(row.active), figure(row.reserved), figure(row.perpetual)]), ['Total', figure(sum('active')), figure(sum('reserved')), figure(sum('perpetual'))]]
            : []
        }
        empty={licenses.isError ? dashboardTexts.loadFailed : '…'}
        minWidth={300}
      />
      <Stack gap="lg">
        <FigureTable caption={dashboardTexts.users} headers={['Users', 'Count']} rows={[['Total', figure(users.data?.user_count)], ['Newsletter', figure(users.data?.newsletter_count)]]} />
        <FigureTable caption={dashboardTexts.products} headers={['Products', 'Count']} rows={[['Registered', figure(products.data?.registered_products)]]} />
        <FigureTable
          caption={dashboardTexts.cases}
          headers={['Cases', 'Count']}
          rows={[
            ['Total', figure(cases.data?.total)],
            ['Open', figure(cases.data?.open)],
            ['Waiting for admin response', figure(cases.data?.waiting_for_admin)],
            ['Waiting for user response', figure(cases.data?.waiting_for_user)],
          ]}
        />
      </Stack>
    </SimpleGrid>
  );
}

function Charts() {
  const licenses = useCmdQuery(licAdminContract, 'get_license_statistics', {});
  const graph = licenses.data?.graph ?? [];
  const copy = useSubmit(() => copyText(Promise.resolve(graphCsv(graph))), { success: () => dashboardTexts.copied });
  if (!licenses.data) return licenses.isError ? null : <Loader size="sm" />;
  const hasData = graphHasData(graph);
  const types = graphTypes(graph);
  return (
    <>
      <Chart
        title={dashboardTexts.typesChart}
        data={typeRows(graph)}
        dataKey="label"
        // The total on its own scale (the axis on the right): each type's line keeps the chart's height.
        lines={[...types.map((name, index) => ({ name, color: CHART_COLORS[index % CHART_COLORS.length]! })), { name: 'Total', color: 'gray.6', dashed: true, ownScale: true }]}
        yLabel="Licenses"
        hasData={hasData}
        empty={dashboardTexts.noLicenses}
        actions={
          <Button variant="default" size="xs" loading={copy.pending} onClick={() => void copy.run()}>
            Copy to clipboard
          </Button>
        }
      />
      <Chart
        title={dashboardTexts.paymentChart}
        data={paymentRows(graph)}
        dataKey="label"
        lines={[
          { name: 'Subscription', color: CHART_COLORS[0] },
          { name: 'Perpetual', color: CHART_COLORS[2] },
          { name: 'Total', color: 'gray.6', dashed: true, ownScale: true },
        ]}
        yLabel="Licenses"
        hasData={hasData}
        empty={dashboardTexts.noLicenses}
      />
    </>
  );
}

function EndingLicenses() {
  const ending = useCmdQuery(licAdminContract, 'get_all_licenses', endingLicensesParams);
  const rows = ending.data?.rows ?? [];
  return (
    <section>
      <FigureTable
        caption={dashboardTexts.ending}
        headers={['Id', 'User', 'License type', 'Valid to', 'Days']}
        rows={rows.map((row) => [
          row.id,
          <Anchor key="user" component={Link} to={userDetailPath(row.user_id)} size="sm">
            {row.user || `User ${row.user_id}`}
          </Anchor>,
          row.license_type_id,
          row.valid_to ?? '',
          row.days ?? '',
        ])}
        empty={ending.isPending ? '…' : dashboardTexts.noneEnding}
        minWidth={440}
      />
      {ending.data && ending.data.count > rows.length ? (
        <Text size="sm" mt="xs">
          {dashboardTexts.moreEnding(rows.length, ending.data.count)}{' '}
          {/* A link inside a sentence is told from its text by more than its colour (in the dark scheme the two are close). */}
          <Anchor component={Link} to={paths.allLicenses} underline="always">
            All licenses
          </Anchor>
        </Text>
      ) : null}
    </section>
  );
}

/** How far ahead the dashboard lists licenses that end. */
const ENDING_WITHIN_DAYS = 30;

/** The licenses ending in the next 30 days, soonest first: a page of the declared All licenses list. */
const endingLicensesParams = { expires_within: ENDING_WITHIN_DAYS, expired_in: 0, order_by: 'valid_to', descending: false, limit: 20, page: 1 } as const;

/** The state of the business at a glance: licenses, users, products and cases, two charts, and licenses ending soon. */
export default function DashboardPage() {
  return (
    <>
      <PageTitle />
      <LicenseTables />
      <Charts />
      <EndingLicenses />
    </>
  );
}
