import { zodResolver } from '@hookform/resolvers/zod';
import {
  TOOL_DESCRIPTION_MAX,
  ToolFormSchema,
  toolFields,
  type CreateToolInput,
  type ToolFormValues,
} from '@toolworks/contract/admin-tools';
import type { Tool } from '@toolworks/contract/tools';
import type { ReactNode } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { FormField } from '@/components/ui/form-field';
import { ToolCatalogueFields } from './tool-catalogue-fields';
import { VolumePricesField } from './volume-prices-field';
import { AvailabilityField } from './availability-field';
import { PackFields } from './pack-fields';
import { NumberFields, type NumberField } from './number-fields';
import { TaxClassField } from './tax-class-field';
import { formatCount } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';

/** The number fields differ only in these; the form converts and checks them with the schema. */
const NUMBER_FIELDS: readonly NumberField[] = [
  {
    name: 'price',
    label: 'Price (USD)',
    inputMode: 'decimal',
    hint: 'Dollars and cents, e.g. 24.50.',
  },
  {
    name: 'availableQuantity',
    label: 'Availability',
    inputMode: 'numeric',
    hint: 'Units in stock.',
  },
  {
    name: 'MinimumOrderQuantity',
    label: 'Minimum order quantity',
    inputMode: 'numeric',
    hint: 'The fewest units one order may ask for.',
  },
];

export const EMPTY_TOOL: ToolFormValues = {
  sku: '',
  name: '',
  img: '',
  price: '',
  description: '',
  availableQuantity: '',
  MinimumOrderQuantity: '',
  category: undefined,
  specs: [],
  datasheetUrl: '',
  priceTiers: [],
  leadTimeDays: '',
  allowBackorders: false,
  incomingStock: [],
  unit: 'C62',
  packSize: '1',
  orderMultiple: '1',
  priceBasis: '1',
  taxClass: 'standard',
};

export function toolToFormValues(tool: Tool): ToolFormValues {
  return {
    sku: tool.sku,
    name: tool.name,
    img: tool.img,
    price: String(tool.price),
    description: tool.description,
    availableQuantity: String(tool.availableQuantity),
    MinimumOrderQuantity: String(tool.MinimumOrderQuantity),
    category: tool.category === 'other' ? undefined : tool.category,
    specs: tool.specs,
    datasheetUrl: tool.datasheetUrl ?? '',
    priceTiers: tool.priceTiers.map((tier) => ({
      minQuantity: String(tier.minQuantity),
      price: String(tier.price),
    })),
    leadTimeDays: tool.leadTimeDays === null ? '' : String(tool.leadTimeDays),
    allowBackorders: tool.allowBackorders,
    incomingStock: tool.incomingStock.map((batch) => ({
      quantity: String(batch.quantity),
      expectedDate: batch.expectedDate,
    })),
    unit: tool.unit,
    packSize: String(tool.packSize),
    orderMultiple: String(tool.orderMultiple),
    priceBasis: String(tool.priceBasis),
    taxClass: tool.taxClass,
  };
}

// A 400 names its fields in `details`: show each message under its field, as the client would.
function showServerErrors(error: unknown, setError: UseFormSetError<ToolFormValues>) {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return;
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    if (
      typeof detail.path === 'string' &&
      (detail.path in EMPTY_TOOL || /^(priceTiers|incomingStock)\./.test(detail.path)) &&
      typeof detail.message === 'string'
    ) {
      setError(detail.path as keyof ToolFormValues, { message: detail.message });
    }
  }
}

interface ToolFormProps {
  label: string;
  defaultValues?: ToolFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; a rejection keeps the values (the caller reports it). */
  onSave: (input: CreateToolInput) => Promise<unknown>;
  resetOnSave?: boolean;
  secondaryAction?: ReactNode;
}

/** Add a Tool and the edit screen: the contract's rules, the inputs' strings coerced. */
export function ToolForm(props: ToolFormProps) {
  const {
    label,
    defaultValues = EMPTY_TOOL,
    submitLabel,
    busyLabel,
    onSave,
    resetOnSave = false,
  } = props;
  const form = useForm<ToolFormValues, unknown, CreateToolInput>({
    resolver: zodResolver(ToolFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const img = useWatch({ control: form.control, name: 'img' });
  const description = useWatch({ control: form.control, name: 'description' });
  const preview = toolFields.img.safeParse(img).success ? img.trim() : null;

  const submit = useSubmitOnce(
    form.handleSubmit(async (input) => {
      try {
        await onSave(input);
        if (resetOnSave) form.reset(EMPTY_TOOL);
      } catch (error) {
        showServerErrors(error, form.setError);
      }
    }),
  );

  return (
    <form className="card tool-form" onSubmit={submit} noValidate aria-label={label}>
      <div className="card-body tool-form-grid">
        <FormField label="Name" error={errors.name?.message} className="tool-form-wide">
          {(a) => <input {...a} className="input" autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField
          label="SKU (part number)"
          error={errors.sku?.message}
          hint="Letters, digits and dashes, e.g. PF-DRL-18; unique in any case. Left blank on a new tool, one is made from its category."
        >
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="off"
              spellCheck={false}
              {...form.register('sku')}
            />
          )}
        </FormField>
        <FormField
          label="Image URL"
          className="tool-form-wide"
          error={errors.img?.message}
          hint="An https:// address, or an image the shop ships such as /images/tools/cordless-drill.svg."
        >
          {(a) => (
            <div className="tool-form-image">
              <input
                {...a}
                className="input"
                inputMode="url"
                autoComplete="off"
                {...form.register('img')}
              />
              <div className="tool-form-preview" aria-hidden="true">
                {preview ? (
                  <img src={preview} alt="" width={96} height={72} />
                ) : (
                  <span>No image</span>
                )}
              </div>
            </div>
          )}
        </FormField>
        <NumberFields form={form} fields={NUMBER_FIELDS} />
        <PackFields form={form} />
        <TaxClassField form={form} />
        <ToolCatalogueFields form={form} />
        <VolumePricesField control={form.control} register={form.register} errors={errors} />
        <AvailabilityField control={form.control} register={form.register} errors={errors} />
        <FormField
          label="Description"
          className="tool-form-wide"
          error={errors.description?.message}
          hint={`${formatCount(description.length)} of ${formatCount(TOOL_DESCRIPTION_MAX)} characters`}
        >
          {(a) => (
            <textarea
              {...a}
              className="input tool-form-description"
              rows={5}
              {...form.register('description')}
            />
          )}
        </FormField>
        <div className="tool-form-actions tool-form-wide">
          {props.secondaryAction}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? busyLabel : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
