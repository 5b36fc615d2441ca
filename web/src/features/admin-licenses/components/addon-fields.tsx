import { Checkbox, Group, NumberInput, type CheckboxGroupProps, type NumberInputProps } from '@mantine/core';
import { ADDON_IDS } from '../../../../../shared/licenses/catalog';
import { ADDON_DESCRIPTIONS, ADDON_LABELS } from '../../../lib/addons';
import { CHANNELS_MAX, CHANNELS_MIN } from '../forms';

interface AddonFieldsProps {
  /** The form's props for the ticked add-ons (their ids). */
  addonsProps: Omit<CheckboxGroupProps, 'children'>;
  /** The form's props for BatteryValidation's channels. */
  channelsProps: NumberInputProps;
  /** BVT is ticked: the Channels field shows. */
  showChannels: boolean;
}

/** A Pro license's add-ons: checkboxes AT, BT and BVT, and a Channels number when BVT is ticked. */
export function AddonFields({ addonsProps, channelsProps, showChannels }: AddonFieldsProps) {
  return (
    <>
      <Checkbox.Group label="Add-ons" {...addonsProps}>
        <Group gap="lg" mt={6} align="flex-start">
          {ADDON_IDS.map((id) => (
            <Checkbox key={id} value={id} label={ADDON_LABELS[id]} description={ADDON_DESCRIPTIONS[id]} />
          ))}
        </Group>
      </Checkbox.Group>
      {showChannels && (
        <NumberInput
          label="Channels"
          min={CHANNELS_MIN}
          max={CHANNELS_MAX}
          allowDecimal={false}
          allowNegative={false}
          maw={160}
          {...channelsProps}
        />
      )}
    </>
  );
}
