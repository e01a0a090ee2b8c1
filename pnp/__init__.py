"""Print-and-play: card faces from layouts, imposed on sheets, as PDF, PNG and TTS exports."""
