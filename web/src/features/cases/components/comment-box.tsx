import { Text, Textarea } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '../../../../../shared/cases/cases';
import { caseTexts } from '../messages';

interface CommentBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A comment's text, at most 65,535 characters, with a counter of what is written. */
export function CommentBox({ label, value, onChange }: CommentBoxProps) {
  return (
    <Textarea
      label={label}
      rows={6}
      resize="vertical"
      maxLength={MAX_COMMENT_LENGTH}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={
        <Text component="span" size="xs" aria-live="polite">
          {caseTexts.counter(value.length)}
        </Text>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
