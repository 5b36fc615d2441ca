import { DateField, type DateFieldProps } from '../../../components/date-field';

/** A license's end, typed (YYYY-MM-DD) or picked; left empty, the license is perpetual. */
export function ValidToInput(props: Omit<DateFieldProps, 'label'>) {
  return (
    <DateField
      label="Valid to"
      description="Empty: perpetual"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      clearable
      clearButtonProps={{ 'aria-label': 'Make perpetual' }}
      {...props}
    />
  );
}
