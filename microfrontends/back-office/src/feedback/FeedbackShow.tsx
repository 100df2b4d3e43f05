// One feedback or complaint: what the member wrote and sent (their images), the thread of the
// brand's replies, a reply (the member sees it in their feedback list) and its status.
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  DateField,
  Form,
  Labeled,
  SaveButton,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useAct } from '../common/useAct';
import { FEEDBACK_STATUSES, statusChoices, typeChoices } from './choices';

interface Image {
  index: number;
  url: string;
}

interface Reply {
  content: string;
  createdAt: string;
}

function Member() {
  const translate = useTranslate();
  const feedback = useRecordContext();
  if (!feedback) return null;
  if (feedback.memberId === null) return <Typography variant="body2">{translate('tessera.feedback.visitor')}</Typography>;
  return (
    <Typography variant="body2" component={Link} to={`/members/${feedback.memberId}/show`}>
      {feedback.username ?? `#${feedback.memberId}`}
    </Typography>
  );
}

function Images() {
  const translate = useTranslate();
  const feedback = useRecordContext();
  const images = (feedback?.images ?? []) as Image[];
  if (images.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      {images.map((image) => (
        <a key={image.index} href={image.url} target="_blank" rel="noreferrer">
          <Box
            component="img"
            src={image.url}
            alt={translate('tessera.feedback.image', { number: image.index + 1 })}
            sx={{ maxWidth: { xs: '100%', sm: 240 }, maxHeight: 240, borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        </a>
      ))}
    </Stack>
  );
}

function Replies() {
  const translate = useTranslate();
  const feedback = useRecordContext();
  const replies = (feedback?.replies ?? []) as Reply[];
  if (replies.length === 0) return <Typography variant="body2">{translate('tessera.feedback.no_replies')}</Typography>;
  return (
    <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {replies.map((reply, index) => (
        <Card key={index} component="li" variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography variant="caption" color="text.secondary">
              {new Date(reply.createdAt).toLocaleString()}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {reply.content}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

const NO_REPLY = { reply: '' };

function ReplyForm() {
  const act = useAct();
  const feedback = useRecordContext();
  if (!feedback) return null;
  return (
    // A form of its own, not over the feedback (whose content is the member's); emptied by each reply.
    <Form
      key={feedback.replies?.length ?? 0}
      record={NO_REPLY}
      onSubmit={async (values: Record<string, unknown>) => {
        await act(`/feedback/${feedback.id}/replies`, { content: String(values.reply).trim() });
      }}
    >
      <TextInput
        source="reply"
        label="tessera.feedback.reply"
        validate={[required(), maxLength(2000)]}
        multiline
        minRows={3}
        fullWidth
      />
      <SaveButton label="tessera.feedback.send" />
    </Form>
  );
}

function StatusButtons() {
  const translate = useTranslate();
  const act = useAct();
  const feedback = useRecordContext();
  if (!feedback) return null;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      {FEEDBACK_STATUSES.filter((status) => status !== feedback.status).map((status) => (
        <Button key={status} size="small" variant="outlined" onClick={() => act(`/feedback/${feedback.id}/status`, { status }, 'PUT')}>
          {translate(`tessera.feedback.mark.${status}`)}
        </Button>
      ))}
    </Stack>
  );
}

export function FeedbackShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime />
        <SelectField source="type" choices={typeChoices} />
        <SelectField source="status" choices={statusChoices} />
        <Labeled label="resources.feedback.fields.member">
          <Member />
        </Labeled>
        <TextField source="contact" emptyText="—" />
        <TextField source="language" />
        <TextField source="ip" />
        <TextField source="content" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
        <Labeled label="resources.feedback.fields.images">
          <Images />
        </Labeled>
        <Labeled label="resources.feedback.fields.replies" fullWidth>
          <Replies />
        </Labeled>
        <ReplyForm />
        <Labeled label="tessera.feedback.change_status">
          <StatusButtons />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
