param(
    [Parameter(Mandatory = $true)]
    [string]$Path
)

# Copies a file's text to the clipboard.
$text = Get-Content -Path $Path -Raw
Set-Clipboard -Value $text
Write-Host "Copied $($text.Length) characters from $Path"
