// The brand's images a banner may show, and a banner's image as a thumbnail.
import { Box, Stack, Typography } from '@mui/material';
import { SelectInput, required, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

const EVERY = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'path', order: 'ASC' as const } };

/** Where a banner's image is shown from: the brand's image's URL, or the https URL it is. */
function useImageUrl(image: string | undefined): string | undefined {
  const { data } = useGetList('images', EVERY, { enabled: Boolean(image) && !image?.startsWith('https://') });
  if (!image) return undefined;
  if (image.startsWith('https://')) return image;
  return data?.find((one) => one.path === image)?.url;
}

export function Thumbnail({ image, size = 64 }: { image: string | undefined; size?: number }) {
  const url = useImageUrl(image);
  if (!url) return null;
  return <Box component="img" src={url} alt={image} sx={{ height: size, maxWidth: size * 3, objectFit: 'contain' }} />;
}

/** The list's thumbnail of the banner in its row. */
export function BannerThumbnail() {
  const record = useRecordContext();
  return <Thumbnail image={record?.image} />;
}

/** One of the brand's images in the picker (the choice is its record). */
function ImageChoice() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box component="img" src={record.url} alt="" sx={{ height: 32, width: 64, objectFit: 'contain' }} />
      <Typography variant="body2">
        {record.path} ({record.width}×{record.height})
      </Typography>
    </Stack>
  );
}

/** The banner's image, picked from the brand's images, its thumbnail under it. */
export function ImagePicker() {
  const translate = useTranslate();
  const { data, isPending } = useGetList('images', EVERY);
  const image = useWatch({ name: 'image' }) as string | undefined;
  return (
    <Box sx={{ width: '100%' }}>
      <SelectInput
        source="image"
        choices={data ?? []}
        optionValue="path"
        optionText={<ImageChoice />}
        isPending={isPending}
        validate={required()}
        fullWidth
      />
      {image ? (
        <Box aria-label={translate('tessera.content.chosen_image')}>
          <Thumbnail image={image} size={120} />
        </Box>
      ) : null}
    </Box>
  );
}
