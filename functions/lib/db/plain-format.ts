import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';

/**
 * A stored item of `entity` as dynamodb-toolbox formats it (its visible attributes by name, keys and
 * index attributes left out), without the formatter's checks of every value: for the hot reads of items
 * that only this code writes, through the toolbox, where those checks cost more than the read itself.
 * Values are taken as stored; an attribute the item lacks stays absent, as the toolbox leaves it.
 */
export function plainFormatter<E extends Entity>(entity: E): (item: Record<string, unknown>) => FormattedItem<E> {
  const visible = Object.entries(entity.schema.attributes as Record<string, { props: { hidden?: boolean; savedAs?: string } }>)
    .filter(([, attribute]) => !attribute.props.hidden)
    .map(([name, attribute]) => [name, attribute.props.savedAs ?? name] as const);
  return (item) => {
    const formatted: Record<string, unknown> = {};
    for (const [name, savedAs] of visible) if (item[savedAs] !== undefined) formatted[name] = item[savedAs];
    return formatted as FormattedItem<E>;
  };
}
