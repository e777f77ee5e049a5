Imports System.Windows.Forms

Module Clip
    Sub Main()
        Dim text As String = Clipboard.GetText()
        If String.IsNullOrEmpty(text) Then
            Console.WriteLine("The clipboard holds no text.")
        Else
            Console.WriteLine("Clipboard: " & text)
        End If
    End Sub
End Module
